import Foundation
public import InMemorySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MockWorld {
    /// A direct change of the world's tree, as a differential run's Mock side makes the changes
    /// its Live side makes with system calls.
    /// - Returns: nil on success, else the `errno` the tree threw (`EIO` for any other error).
    public func change(_ body: (inout InMemoryTree) throws -> Void) -> Int32? {
        do {
            try withTree(body)
            return nil
        } catch let error as POSIXError {
            return error.code.rawValue
        } catch {
            return EIO
        }
    }
}

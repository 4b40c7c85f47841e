import FileAccessorInterface
import Foundation

/// Fails the case with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ContractViolation(description: message()) }
}

/// Runs `body` and checks it throws the `CocoaError` code Foundation uses for `errno`.
func requireFileError(
    _ errno: Int32, during operation: FileAccessError.Operation, _ what: String, _ body: () throws -> Void
) throws {
    let expected = FileAccessError.code(for: errno, during: operation)
    do {
        try body()
    } catch let error as CocoaError {
        try require(
            error.code == expected,
            "\(what): expected CocoaError code \(expected.rawValue), got \(error.code.rawValue)")
        let underlying = FileAccessError.underlyingErrno(of: error)
        try require(
            underlying == errno,
            "\(what): expected underlying errno \(errno), got \(underlying.map(String.init) ?? "none")")
        return
    } catch {
        throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), got \(error)")
    }
    throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), but it succeeded")
}

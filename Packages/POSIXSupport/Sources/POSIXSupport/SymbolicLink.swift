#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and creates symbolic links inside an open folder, never following them.
public enum SymbolicLink {
    /// The target text of the symbolic link `name` in `directory` (`readlinkat`).
    /// - Returns: the target as text (bytes that are not valid UTF-8 are repaired).
    /// - Throws: ``SystemCallError`` from `readlinkat` (`EINVAL` when `name` is not a link).
    public static func target(of name: String, in directory: borrowing FileDescriptor) throws(SystemCallError) -> String
    {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = buffer.withUnsafeMutableBufferPointer { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return base.withMemoryRebound(to: CChar.self, capacity: raw.count) {
                    readlinkat(directory.rawValue, name, $0, raw.count)
                }
            }
            guard count >= 0 else { throw .current("readlinkat", name) }
            if count < capacity { return String(decoding: buffer.prefix(count), as: UTF8.self) }
            capacity *= 4
        }
    }

    /// Creates a symbolic link `name` in `directory` holding `target` (`symlinkat`).
    /// - Throws: ``SystemCallError`` from `symlinkat` (`EEXIST` ...).
    public static func create(
        named name: String, in directory: borrowing FileDescriptor, target: String
    ) throws(SystemCallError) {
        guard symlinkat(target, directory.rawValue, name) == 0 else { throw .current("symlinkat", name) }
    }
}

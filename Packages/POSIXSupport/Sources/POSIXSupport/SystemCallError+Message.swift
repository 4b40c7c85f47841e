#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemCallError {
    /// The C library's text for an `errno` value.
    /// - Parameter code: an `errno` value.
    /// - Returns: for example `"No such file or directory"`.
    public static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Builds an error from the current `errno`.
    static func current(_ operation: String, _ path: String) -> SystemCallError {
        SystemCallError(code: errno, operation: operation, path: path)
    }
}

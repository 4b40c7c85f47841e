/// A failed system call: which call, on which path, and the `errno` it set.
///
/// The Live packages translate it into the error vocabulary of their own interface (for file
/// access, the `CocoaError` kinds Foundation uses for the same `errno`).
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` value the call set.
    public let code: Int32
    /// The call that failed, for example `"openat"`.
    public let operation: String
    /// The path the call was about.
    public let path: String

    /// Creates an error record.
    /// - Parameters:
    ///   - code: the `errno` value.
    ///   - operation: the failed call's name.
    ///   - path: the path the call was about.
    public init(code: Int32, operation: String, path: String) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    public var description: String {
        "\(operation) \(path): \(SystemCallError.message(for: code)) (errno \(code))"
    }
}

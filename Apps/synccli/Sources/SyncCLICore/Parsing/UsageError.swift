/// A command line that cannot be run: the one line to show (exit 2).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the word at fault.
    public var message: String
    /// The usage line to add, when the arguments (not a name) are at fault; nil for a mistyped
    /// command or option, which gets a "did you mean" or a pointer to the help instead.
    public var usage: String?

    /// A usage error.
    init(_ message: String, usage: String? = nil) {
        self.message = message
        self.usage = usage
    }

    /// The line synccli prints after `synccli: `.
    public var description: String {
        usage.map { "\(message) (usage: \($0))" } ?? message
    }
}

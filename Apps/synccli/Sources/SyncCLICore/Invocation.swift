/// A parsed command line.
public struct Invocation: Equatable, Sendable {
    /// The command: `sync`, `trash list`, ..., or `help` / `version`.
    public var command: String
    public var positionals: [String] = []
    public var options: [String: String] = [:]
    public var flags: Set<String> = []

    /// Whether `--name` was given as a flag.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that cannot be run, with the line to show and the usage to suggest.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var usage: String?

    public var description: String {
        usage.map { "\(message) (usage: \($0))" } ?? "\(message) (see synccli --help)"
    }
}

/// A command line the parser accepted against one ``CommandDescription``: the words are right,
/// the values are still text (each command's typed options read them).
struct ParsedArguments: Sendable, Equatable {
    /// The command's words: `sync`, `trash restore`.
    var command: String
    /// The positional arguments, in order.
    var positionals: [String] = []
    /// The valued options given, by long name (the last one given wins).
    var values: [String: String] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []
    /// The command's usage line, for errors in values.
    var usage: String = ""

    /// Whether the flag was given.
    func has(_ flag: OptionDescription) -> Bool { flags.contains(flag.long) }

    /// The positional at `index`, if given.
    func positional(_ index: Int) -> String? { positionals.indices.contains(index) ? positionals[index] : nil }

    /// The value of a valued option, nil when it was not given.
    /// - Throws: ``UsageError`` when it was given empty (`--name=`).
    func value(_ option: OptionDescription) throws(UsageError) -> String? {
        guard let value = values[option.long] else { return nil }
        guard !value.isEmpty else { throw UsageError("--\(option.long) needs a non-empty value", usage: usage) }
        return value
    }

    /// A usage error about this command line, with its usage line.
    func error(_ message: String) -> UsageError { UsageError(message, usage: usage) }
}

/// How a command's output is shaped: `--json`, `--quiet`, `--verbose`.
struct OutputOptions: Sendable, Equatable {
    /// The kinds of output.
    enum Mode: Sendable, Equatable {
        /// Lines for a person on standard output.
        case human
        /// One JSON document on standard output.
        case json
        /// No progress and no summary: conflicts, failures and refusals only.
        case quiet
    }

    /// The kind of output.
    var mode: Mode = .human
    /// Whether every change gets its own line (human output only).
    var verbose = false

    /// Plain human output.
    init() {}

    /// JSON output (a failure reported before the command's options are known).
    static let json: OutputOptions = {
        var options = OutputOptions()
        options.mode = .json
        return options
    }()

    /// The output options of a command line (only those its command accepts can be there).
    /// - Throws: ``UsageError`` for `--json` with `--quiet`, or `--quiet` with `--verbose`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let json = arguments.has(.json)
        let quiet = arguments.has(.quiet)
        verbose = arguments.has(.verbose)
        if json && quiet { throw arguments.error("--json and --quiet cannot be combined") }
        if quiet && verbose { throw arguments.error("--quiet and --verbose cannot be combined") }
        mode = json ? .json : quiet ? .quiet : .human
    }
}

/// One synccli command: its syntax, its typed options, and what it does with the services it is
/// given.
///
/// A command never builds a Live value: it reaches the engine, the container settings, the disk
/// and the terminal only through the protocol values in ``CommandServices``, so each one is
/// tested over the Mocks.
protocol CLICommand: Sendable {
    /// The command's syntax, which the parser, the usage line and the help screen all read.
    static var commandDescription: CommandDescription { get }

    /// The command with its typed options, read from an accepted command line.
    /// - Throws: ``UsageError`` for a value that is not valid (`--max-delete ten`).
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// How the command's output is shaped (human, JSON, quiet, verbose).
    var output: OutputOptions { get }

    /// Whether the command only looks: it creates nothing on disk (no state folder, no default
    /// container, no marker, no bookmark).
    var isReadOnly: Bool { get }

    /// Runs the command.
    /// - Parameters:
    ///   - services: what the command may use.
    ///   - console: where its output goes.
    /// - Returns: the exit code (partial failures are listed on standard error by then).
    /// - Throws: ``CLIFailure`` or an engine error for a failure that ends the command; the caller
    ///   prints it as one line with its exit code.
    func run(with services: CommandServices, console: Console) async throws -> ExitCode
}

extension CLICommand {
    var output: OutputOptions { OutputOptions() }
    var isReadOnly: Bool { false }
}

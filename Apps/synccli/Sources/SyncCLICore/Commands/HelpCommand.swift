/// `synccli help [<command>]`, `synccli --help`, `synccli <command> --help`: the overview, or a
/// command's usage and options, made from the command descriptions.
struct HelpCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "help", summary: "show this overview, or a command's options",
        positionals: [
            PositionalDescription(name: "command", isOptional: true),
            PositionalDescription(name: "subcommand", isOptional: true),
        ])

    /// The command asked about; empty: the overview.
    var words: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments.positionals
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        guard !words.isEmpty else {
            services.streams.write(HelpText.overview + "\n", to: .output)
            return .success
        }
        guard let text = HelpText.command(words) else {
            throw CLIFailure(.usage, "unknown command \"\(words.joined(separator: " "))\" (see synccli --help)")
        }
        services.streams.write(text, to: .output)
        return .success
    }
}

/// `synccli completion bash|zsh|fish`: a shell completion script, made from the command
/// descriptions (so it offers exactly the commands and options the parser accepts).
struct CompletionCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "completion", summary: "print a completion script for bash, zsh or fish",
        positionals: [PositionalDescription(name: "bash|zsh|fish")])

    /// The shells a script is made for.
    static let shells = ["bash", "zsh", "fish"]

    /// The shell asked for.
    var shell: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        shell = arguments.positionals[0]
        guard Self.shells.contains(shell) else {
            throw arguments.error("completion: unknown shell \"\(shell)\"; choose bash, zsh or fish")
        }
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let script =
            switch shell {
            case "fish": CompletionScript.fish
            case "zsh": CompletionScript.zsh
            default: CompletionScript.bash
            }
        services.streams.write(script, to: .output)
        return .success
    }
}

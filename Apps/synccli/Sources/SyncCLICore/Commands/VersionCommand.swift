/// `synccli version`, `synccli --version`, `synccli -V`: the version.
struct VersionCommand: CLICommand {
    static let commandDescription = CommandDescription(name: "version", summary: "show synccli's version")

    /// synccli's version line.
    static let version = "synccli 0.1.0"

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        services.streams.write(Self.version + "\n", to: .output)
        return .success
    }
}

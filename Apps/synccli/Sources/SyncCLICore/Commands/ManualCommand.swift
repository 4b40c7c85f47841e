/// `synccli manual`: the manual page in roff (`synccli manual > synccli.1`, or `synccli manual |
/// man -l -`), made from the command descriptions as the help screens are.
struct ManualCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "manual", summary: "print the manual page (roff), for man -l - or to install as synccli.1")

    init(_ arguments: ParsedArguments) throws(UsageError) {}

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        services.streams.write(ManualPage.text, to: .output)
        return .success
    }
}

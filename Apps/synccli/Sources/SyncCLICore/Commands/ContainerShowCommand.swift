/// `synccli container [show]`: which container is used, and why.
struct ContainerShowCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "container show", summary: "show which container (folder or server URL) is used and why",
        options: [.container, .json])

    var output: OutputOptions
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let shown = services.containers.describeContainer()
        console.say("\(shown.folder ?? "(none)") (from \(shown.source))\(shown.problem.map { ": \($0)" } ?? "")")
        console.report(shown)
        return shown.isAvailable ? .success : .containerUnavailable
    }
}

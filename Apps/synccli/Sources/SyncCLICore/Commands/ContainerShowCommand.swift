/// `synccli container [show]`: which container is used, and why.
struct ContainerShowCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "container show", summary: "show which container (folder or server URL) is used and why",
        options: [.container, .json])

    var output: OutputOptions

    /// `container show --json`.
    struct Document: Encodable, Equatable {
        var version = JSONVersion.current
        /// The folder's path or the server's URL; absent when nothing names one.
        var container: String?
        /// Where it comes from, in words.
        var source: String
        /// Why it cannot be used, if it cannot.
        var problem: String?
        /// Whether it can be used now.
        var available: Bool
    }
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let shown = services.containers.describeContainer()
        console.say("\(shown.folder ?? "(none)") (from \(shown.source))\(shown.problem.map { ": \($0)" } ?? "")")
        console.report(
            Document(
                container: shown.folder, source: shown.source, problem: shown.problem, available: shown.isAvailable))
        return shown.isAvailable ? .success : .containerUnavailable
    }
}

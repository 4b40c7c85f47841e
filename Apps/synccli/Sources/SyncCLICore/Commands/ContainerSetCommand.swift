/// `synccli container set <dir|url>`: makes a folder or a server the configured container.
struct ContainerSetCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "container set", summary: "make a folder (it must exist) or an http(s) server URL the default container",
        positionals: [PositionalDescription(name: "dir|url")])

    /// The folder or URL, as typed.
    var target: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        target = arguments.positionals[0]
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let containers = services.containers
        if let server = try ContainerArgument.serverURL(
            target, label: "container set", credentials: containers.credentialSources)
        {
            // A server is not contacted here: its side reports whether it is there at the next sync.
            try containers.configure(server)
            console.say("container set to \(server.displayPath) (the server is reached at the next sync)")
            return .success
        }
        let folder = services.folders.folder(at: target)
        guard folder.isFolder else {
            throw CLIFailure(
                .containerUnavailable,
                "\(folder.resolved.displayPath) is missing or not a folder: the container was not changed")
        }
        try containers.configure(folder.resolved)
        console.say("container set to \(folder.resolved.displayPath)")
        return .success
    }
}

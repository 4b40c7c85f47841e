import SyncEngine

/// `synccli pairs`: the pairs this machine knows.
struct PairsCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "pairs", summary: "list the pairs this machine knows", options: [.json])

    /// One pair, in the `--json` document.
    struct Entry: Encodable, Equatable {
        var name: String
        var folder: String
        /// The container it syncs with (a folder's path or a server's URL), when it keeps one.
        var container: String?
    }

    /// `pairs --json`.
    struct Document: Encodable, Equatable {
        var version = JSONVersion.current
        var pairs: [Entry]
    }

    var output: OutputOptions
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pairs = try await services.engine.pairs()
        for pair in pairs { console.say("\(pair.name)\t\(pair.localRoot.displayPath)") }
        if pairs.isEmpty { console.say("no pairs yet: run synccli sync <folder> to start one") }
        console.report(
            Document(
                pairs: pairs.map {
                    Entry(name: $0.name, folder: $0.localRoot.displayPath, container: $0.container?.displayPath)
                }))
        return .success
    }
}

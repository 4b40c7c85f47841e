import FileTreeInterface
import SyncEngine

/// `synccli conflicts <folder>`: the conflict copies in a folder.
struct ConflictsCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "conflicts", summary: "list the conflict copies in a folder",
        positionals: [PositionalDescription(name: "folder")], options: [.json])

    /// The folder whose pair is looked at.
    var folder: String
    var output: OutputOptions

    /// `conflicts --json`.
    struct Document: Encodable, Equatable {
        var version = JSONVersion.current
        var pair: String
        /// The conflict copies' paths, relative to the folder.
        var copies: [String]
    }
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: nil)
        let copies = try await services.engine.conflictCopies(of: pair)
        for copy in copies { console.say(copy.text) }
        if copies.isEmpty { console.say("no conflict copies in \(pair.localRoot.displayPath)") }
        console.report(Document(pair: pair.name, copies: copies.map(\.text)))
        return .success
    }
}

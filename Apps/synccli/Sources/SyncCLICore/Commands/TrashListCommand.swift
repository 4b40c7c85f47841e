import SyncEngine

/// `synccli trash list <folder>`: the versions kept in a pair's trash, on both sides.
struct TrashListCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash list",
        summary: "list versions kept in a pair's trash (both sides), newest first; copy: last, or elsewhere",
        positionals: [PositionalDescription(name: "folder")], options: [.container, .name, .json])

    /// The header line of the list (tab-separated, like its lines).
    static let header = "trashed\tside\tsize\tcopy\tpath"

    /// `trash list --json`.
    struct Document: Encodable, Equatable {
        var version = JSONVersion.current
        var pair: String
        /// Newest first.
        var items: [TrashEntry]
    }

    /// The folder whose pair's trash is listed.
    var folder: String
    /// The pair's name (`--name`).
    var name: String?
    var output: OutputOptions
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        // Newest first (the engine's order: by run time, then generation; local before container).
        let items = try await services.engine.trashMarkingLastCopies(of: pair).sorted { $0.isNewer(than: $1) }
            .map(TrashEntry.init)
        if items.isEmpty {
            console.say("the trash of \(pair.name) is empty")
        } else {
            console.say(Self.header)
        }
        for item in items {
            let copy = item.lastCopy == true ? "last" : "elsewhere"
            console.say(
                "\(item.trashedAt ?? item.run)\t\(item.side)\t\(Console.bytes(item.size))\t\(copy)\t\(item.path)")
        }
        console.report(Document(pair: pair.name, items: items))
        return .success
    }
}

import SyncEngine

/// `synccli trash list <folder>`: the versions kept in a pair's trash, on both sides.
struct TrashListCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash list", summary: "list versions kept in a pair's trash (both sides)",
        positionals: [PositionalDescription(name: "folder")], options: [.container, .name, .json])

    /// The folder whose pair's trash is listed.
    var folder: String
    /// The pair's name (`--name`).
    var name: String?
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        let items = try await services.engine.trash(of: pair)
        for item in items {
            console.say("\(item.run)\t\(item.side)\t\(Console.bytes(item.size))\t\(item.originalPath)")
        }
        if items.isEmpty { console.say("the trash of \(pair.name) is empty") }
        console.report(items)
        return .success
    }
}

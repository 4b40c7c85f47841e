import FileTreeInterface
import SyncEngine

/// `synccli trash restore <folder> <path>`: puts the newest trashed version of a path back.
struct TrashRestoreCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash restore", summary: "put the newest trashed version of a path back (it syncs on the next run)",
        positionals: [PositionalDescription(name: "folder"), PositionalDescription(name: "path")],
        options: [.to, .container, .name, .json, .quiet])

    /// The folder whose pair's trash is used.
    var folder: String
    /// The path to restore, relative to the folder.
    var path: String
    /// Where to put it instead (`--to`), relative to the folder.
    var destination: String?
    /// The pair's name (`--name`).
    var name: String?
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        path = arguments.positionals[1]
        destination = try arguments.value(.to)
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        let wanted: RelativePath
        let target: RelativePath?
        do {
            wanted = try RelativePath(path)
            target = try destination.map { try RelativePath($0) }
        } catch let error as UnsafeNameError {
            throw CLIFailure(.refused, "\(error); paths are relative to the synced folder")
        }
        guard let item = try await services.engine.newestTrashed(wanted, of: pair) else {
            throw CLIFailure(.partial, "\(wanted) is not in the trash of \(pair.name) (see synccli trash list)")
        }
        try await services.engine.restore(item, of: pair, to: target)
        console.say(
            "restored \(wanted) from \(item.run) (\(item.side) side) to \(target ?? wanted); it syncs on the next run")
        console.report(item)
        return .success
    }
}

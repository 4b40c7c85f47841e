import FileTreeInterface
import Foundation
import SyncEngine

/// `synccli trash restore <folder> <path>`: puts the newest trashed version of a path back into
/// the folder (from either side's trash), never over an existing file.
struct TrashRestoreCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash restore",
        summary: "put the newest trashed version of a path back into the folder (it syncs on the next run)",
        positionals: [PositionalDescription(name: "folder"), PositionalDescription(name: "path")],
        options: [.to, .container, .name, .json, .quiet])

    /// What `trash restore --json` prints.
    struct Restored: Encodable, Equatable {
        var version = JSONVersion.current
        /// The version put back, as `trash list` shows it.
        var item: TrashEntry
        /// Where it is now: its path in the folder.
        var restoredTo: String
        /// The same as an absolute path.
        var file: String
    }

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
        let target: RelativePath
        do {
            wanted = try RelativePath(path)
            target = try destination.map { try RelativePath($0) } ?? wanted
        } catch let error as UnsafeNameError {
            throw CLIFailure(.refused, "\(error); paths are relative to the synced folder")
        }
        guard let item = try await services.engine.newestTrashed(wanted, of: pair) else {
            throw CLIFailure(.partial, "\(wanted) is not in the trash of \(pair.name) (see synccli trash list)")
        }
        let file = pair.localRoot.appending(path: target.text).displayPath
        do {
            try await services.engine.restore(item, of: pair, to: target, onto: .local)
        } catch SyncError.io(_, let underlying) where Self.isExisting(underlying) {
            throw CLIFailure(
                .refused,
                "\(file) already exists and is never replaced: nothing was restored "
                    + "(use --to <path> to put the trashed version beside it)")
        }
        let entry = TrashEntry(item)
        console.say(
            "restored \(wanted) (trashed \(entry.trashedAt ?? item.run) on the \(item.side) side) to \(file); "
                + "it syncs on the next run")
        console.report(Restored(item: entry, restoredTo: target.text, file: file))
        return .success
    }

    /// Whether the engine refused because something is at the destination.
    private static func isExisting(_ underlying: UnderlyingError) -> Bool {
        if case .alreadyExists = underlying.error as? TreeError { return true }
        return false
    }
}

import BookmarkInterface
import FileTreeInterface
import Foundation
import SyncEngine

/// Runs one parsed command against the Live wiring.
struct Commands {
    let invocation: Invocation
    let console: Console
    let environment: [String: String]
    let wiring: Wiring

    init(invocation: Invocation, console: Console, environment: [String: String]) {
        self.invocation = invocation
        self.console = console
        self.environment = environment
        wiring = Wiring(environment: environment, container: invocation.options["container"])
    }

    func run() async throws -> ExitCode {
        switch invocation.command {
        case "help":
            guard invocation.positionals.isEmpty else {
                guard let text = HelpText.command(invocation.positionals) else {
                    throw CLIFailure(.usage, "unknown command \"\(invocation.positionals.joined(separator: " "))\" (see synccli --help)")
                }
                print(text, terminator: "")
                return .success
            }
            print(HelpText.overview)
            return .success
        case "version":
            print(HelpText.version)
            return .success
        case "sync": return try await sync()
        case "plan": return try await plan()
        case "apply": return try await apply()
        case "status": return try await status()
        case "pairs": return try await pairs()
        case "conflicts": return try await conflicts()
        case "trash list": return try await trashList()
        case "trash restore": return try await trashRestore()
        case "container show": return try containerShow()
        case "container set": return try containerSet()
        default: throw CLIFailure(.usage, "unknown command \"\(invocation.command)\"")
        }
    }

    // MARK: Pairs from folders

    /// The pair for a folder argument: the folder must exist and be a folder.
    func pair(forFolder argument: String) throws -> SyncPair {
        // A link in the path the user typed is theirs to follow: the pair keeps the real folder,
        // and the engine never follows a link at a root.
        let typed = URL(filePath: argument, directoryHint: .isDirectory, relativeTo: URL.currentDirectory()).standardizedFileURL
        let url = typed.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.displayPath, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIFailure(.refused, "\(url.displayPath) is missing or not a folder: nothing was synced")
        }
        let name = invocation.options["name"] ?? typed.lastPathComponent
        do {
            return try SyncPair(name: name, localRoot: url)
        } catch let error as SyncError {
            throw CLIFailure(.usage, error.description + " (choose one with --name)")
        }
    }

    /// Registers a pair and remembers its folder as a bookmark, writing only what changed (a
    /// no-op sync then writes nothing but its lock).
    func remember(_ pair: SyncPair, in manager: SyncManager) async throws {
        let known = try await manager.pairs().contains { $0.name == pair.name && $0.localRoot.displayPath == pair.localRoot.displayPath }
        if !known { try await manager.register(pair) }
        let key = Wiring.bookmarkKey(pair.name)
        if let data = try? wiring.resolver.makeBookmark(for: pair.localRoot), (try? wiring.bookmarks.loadBookmark(for: key)) != data {
            try? wiring.bookmarks.saveBookmark(data, for: key)
        }
    }

    /// The registered pairs, each found again through its bookmark (a folder renamed beside its
    /// old name is followed and re-registered; a folder that is gone is an error for that pair).
    func knownPairs(_ manager: SyncManager) async throws -> [Result<SyncPair, CLIFailure>] {
        var result: [Result<SyncPair, CLIFailure>] = []
        for pair in try await manager.pairs() {
            guard let data = try? wiring.bookmarks.loadBookmark(for: Wiring.bookmarkKey(pair.name)) else {
                result.append(.success(pair))
                continue
            }
            do {
                let resolved = try wiring.resolver.resolveBookmark(data)
                guard resolved.isStale else {
                    result.append(.success(pair))
                    continue
                }
                let moved = try SyncPair(name: pair.name, localRoot: resolved.url)
                console.say("\(pair.name): the folder \(pair.localRoot.displayPath) was renamed to \(resolved.url.displayPath); following it")
                try await remember(moved, in: manager)
                result.append(.success(moved))
            } catch let error as BookmarkError {
                result.append(.failure(CLIFailure(.refused, "\(pair.name): \(error); nothing was synced (run synccli sync <folder> to point the pair at its folder)")))
            }
        }
        return result
    }

    func options() -> SyncOptions {
        SyncOptions(
            policy: invocation.options["policy"].flatMap(ConflictPolicy.init(rawValue:)) ?? .keepBoth,
            maxDeletePercent: invocation.options["max-delete"].flatMap(Int.init) ?? 50)
    }

    func requireContainer() throws {
        if case .failure(let failure) = wiring.container() { throw failure }
    }
}

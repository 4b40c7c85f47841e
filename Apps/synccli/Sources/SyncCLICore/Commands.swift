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

    /// - Throws: ``CLIFailure`` (exit 2) when `--container` is a URL that cannot be a container.
    init(invocation: Invocation, console: Console, environment: [String: String]) throws(CLIFailure) {
        self.invocation = invocation
        self.console = console
        self.environment = environment
        wiring = try Wiring(environment: environment, container: invocation.options["container"])
    }

    func run() async throws -> ExitCode {
        switch invocation.command {
        case "help":
            guard invocation.positionals.isEmpty else {
                guard let text = HelpText.command(invocation.positionals) else {
                    throw CLIFailure(
                        .usage,
                        "unknown command \"\(invocation.positionals.joined(separator: " "))\" (see synccli --help)")
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

    /// The pair for a folder argument: the folder must exist and be a folder. A folder this
    /// machine already syncs comes back as it was registered (its name and container), unless
    /// `--name` or `--container` say otherwise; a new one gets the folder's name and the
    /// container in force.
    /// - Throws: ``CLIFailure``: the folder is missing (exit 3), its name is taken by another
    ///   folder or is not a valid pair name (exit 2), no container is available or its server's
    ///   credentials are refused (exit 4).
    func pair(forFolder argument: String, in manager: SyncManager) async throws -> SyncPair {
        // A link in the path the user typed is theirs to follow: the pair keeps the real folder,
        // and the engine never follows a link at a root.
        let typed = URL(filePath: argument, directoryHint: .isDirectory, relativeTo: URL.currentDirectory())
            .standardizedFileURL
        let url = typed.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.displayPath, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIFailure(.refused, "\(url.displayPath) is missing or not a folder: nothing was synced")
        }
        let known = try await manager.pairs()
        let registered = known.first { $0.localRoot.displayPath == url.displayPath }
        let name = invocation.options["name"] ?? registered?.name ?? typed.lastPathComponent
        if let owner = known.first(where: { $0.name == name && $0.localRoot.displayPath != url.displayPath }) {
            throw CLIFailure(
                .usage, "the pair name \(name) belongs to \(owner.localRoot.displayPath); choose another with --name")
        }
        let container: URL
        if let explicit = wiring.explicitContainer {
            container = explicit
        } else if let own = registered?.container, registered?.name == name {
            container = own
        } else {
            container = try wiring.container().get()
        }
        try wiring.prepare(container)
        do {
            return try SyncPair(name: name, localRoot: url, container: container)
        } catch let error as SyncError {
            throw CLIFailure(.usage, error.description + " (choose one with --name)")
        }
    }

    /// Registers a pair and remembers its folder as a bookmark, writing only what changed (a
    /// no-op sync then writes nothing but its lock).
    func remember(_ pair: SyncPair, in manager: SyncManager) async throws {
        let known = try await manager.pairs().contains {
            $0.name == pair.name && $0.localRoot.displayPath == pair.localRoot.displayPath
                && $0.container?.displayPath == pair.container?.displayPath
        }
        if !known { try await manager.register(pair) }
        let key = Wiring.bookmarkKey(pair.name)
        if let data = try? wiring.resolver.makeBookmark(for: pair.localRoot),
            (try? wiring.bookmarks.loadBookmark(for: key)) != data
        {
            try? wiring.bookmarks.saveBookmark(data, for: key)
        }
    }

    /// The registered pairs, each found again through its bookmark (a folder renamed beside its
    /// old name is followed and re-registered; a folder that is gone is an error for that pair).
    func knownPairs(_ manager: SyncManager) async throws -> [Result<SyncPair, CLIFailure>] {
        var result: [Result<SyncPair, CLIFailure>] = []
        for stored in try await manager.pairs() {
            // `--container` wins; else the pair's own; else (a pair listed before pairs kept
            // theirs) the container in force.
            let pair: SyncPair
            if let explicit = wiring.explicitContainer {
                pair = stored.with(container: explicit)
            } else if stored.container != nil {
                pair = stored
            } else {
                switch wiring.container() {
                case .success(let container): pair = stored.with(container: container)
                case .failure(let failure):
                    result.append(.failure(CLIFailure(failure.code, "\(stored.name): \(failure.message)")))
                    continue
                }
            }
            if let container = pair.container {
                do {
                    try wiring.prepare(container)
                } catch {
                    result.append(.failure(CLIFailure(error.code, "\(stored.name): \(error.message)")))
                    continue
                }
            }
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
                let moved = try SyncPair(name: pair.name, localRoot: resolved.url, container: pair.container)
                console.say(
                    "\(pair.name): the folder \(pair.localRoot.displayPath) was renamed to \(resolved.url.displayPath); following it"
                )
                try await remember(moved, in: manager)
                result.append(.success(moved))
            } catch let error as BookmarkError {
                result.append(
                    .failure(
                        CLIFailure(
                            .refused,
                            "\(pair.name): \(error); nothing was synced (run synccli sync <folder> to point the pair at its folder)"
                        )))
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

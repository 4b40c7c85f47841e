import BookmarkInterface
import Foundation
import SyncEngine

/// Finds the pair a command works on: from a folder the user typed, or every pair this machine
/// knows (each found again through its bookmark), and remembers the pairs that synced.
struct PairFinder {
    let services: CommandServices
    let console: Console

    /// The pair for a folder argument: the folder must exist and be a folder. A folder this
    /// machine already syncs comes back as it was registered (its name and container), unless
    /// `name` or `--container` say otherwise; a new one gets the folder's name and the container
    /// in force.
    /// - Parameters:
    ///   - argument: the folder as typed.
    ///   - name: the `--name` given, if any.
    /// - Throws: ``CLIFailure``: the folder is missing (exit 3), its name is taken by another
    ///   folder or is not a valid pair name (exit 2), no container is available or its server's
    ///   credentials are refused (exit 4).
    func pair(forFolder argument: String, name: String?) async throws -> SyncPair {
        let folder = services.folders.folder(at: argument)
        let url = folder.resolved
        guard folder.isFolder else {
            throw CLIFailure(.refused, "\(url.displayPath) is missing or not a folder: nothing was synced")
        }
        let known = try await services.engine.pairs()
        let registered = known.first { $0.localRoot.displayPath == url.displayPath }
        let name = name ?? registered?.name ?? folder.typed.lastPathComponent
        if let owner = known.first(where: { $0.name == name && $0.localRoot.displayPath != url.displayPath }) {
            throw CLIFailure(
                .usage, "the pair name \(name) belongs to \(owner.localRoot.displayPath); choose another with --name")
        }
        let container: URL
        if let explicit = services.containers.explicit {
            container = explicit
        } else if let own = registered?.container, registered?.name == name {
            container = own
        } else {
            container = try services.containers.containerInForce().get()
        }
        try services.containers.prepare(container)
        do {
            return try SyncPair(name: name, localRoot: url, container: container)
        } catch let error as SyncError {
            throw CLIFailure(.usage, error.description + " (choose one with --name)")
        }
    }

    /// Registers a pair and remembers its folder as a bookmark, writing only what changed (a
    /// no-op sync then writes nothing but its lock).
    /// - Throws: the engine's error when the pair list cannot be read or written; a bookmark
    ///   that cannot be made or saved is skipped (the folder is still found by its path).
    func remember(_ pair: SyncPair) async throws {
        let known = try await services.engine.pairs().contains {
            $0.name == pair.name && $0.localRoot.displayPath == pair.localRoot.displayPath
                && $0.container?.displayPath == pair.container?.displayPath
        }
        if !known { try await services.engine.register(pair) }
        let key = Self.bookmarkKey(pair.name)
        if let data = try? services.bookmarkResolver.makeBookmark(for: pair.localRoot),
            (try? services.bookmarks.loadBookmark(for: key)) != data
        {
            try? services.bookmarks.saveBookmark(data, for: key)
        }
    }

    /// The registered pairs, each found again through its bookmark (a folder renamed beside its
    /// old name is followed and re-registered; a folder that is gone is an error for that pair).
    /// - Throws: the engine's error when the pair list cannot be read.
    func knownPairs() async throws -> [Result<SyncPair, CLIFailure>] {
        var result: [Result<SyncPair, CLIFailure>] = []
        for stored in try await services.engine.pairs() {
            switch withContainer(stored) {
            case .failure(let failure): result.append(.failure(failure))
            case .success(let pair): result.append(try await followingBookmark(pair))
            }
        }
        return result
    }

    /// `stored` with the container it syncs with now: `--container` wins; else the pair's own;
    /// else (a pair listed before pairs kept theirs) the container in force; its server prepared.
    private func withContainer(_ stored: SyncPair) -> Result<SyncPair, CLIFailure> {
        let pair: SyncPair
        if let explicit = services.containers.explicit {
            pair = stored.with(container: explicit)
        } else if stored.container != nil {
            pair = stored
        } else {
            switch services.containers.containerInForce() {
            case .success(let container): pair = stored.with(container: container)
            case .failure(let failure): return .failure(CLIFailure(failure.code, "\(stored.name): \(failure.message)"))
            }
        }
        if let container = pair.container {
            do {
                try services.containers.prepare(container)
            } catch {
                return .failure(CLIFailure(error.code, "\(stored.name): \(error.message)"))
            }
        }
        return .success(pair)
    }

    /// `pair`, moved to where its bookmark finds its folder when the folder was renamed.
    private func followingBookmark(_ pair: SyncPair) async throws -> Result<SyncPair, CLIFailure> {
        guard let data = try? services.bookmarks.loadBookmark(for: Self.bookmarkKey(pair.name)) else {
            return .success(pair)
        }
        do {
            let resolved = try services.bookmarkResolver.resolveBookmark(data)
            guard resolved.isStale else { return .success(pair) }
            let moved = try SyncPair(name: pair.name, localRoot: resolved.url, container: pair.container)
            console.say(
                "\(pair.name): the folder \(pair.localRoot.displayPath) was renamed to \(resolved.url.displayPath); following it"
            )
            try await remember(moved)
            return .success(moved)
        } catch let error as BookmarkError {
            return .failure(
                CLIFailure(
                    .refused,
                    "\(pair.name): \(error); nothing was synced (run synccli sync <folder> to point the pair at its folder)"
                ))
        }
    }

    /// The key under which a pair's folder bookmark is kept.
    static func bookmarkKey(_ pair: String) -> String { "pair." + pair }
}

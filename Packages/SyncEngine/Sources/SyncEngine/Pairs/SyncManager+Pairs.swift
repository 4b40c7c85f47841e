import Foundation

extension SyncManager {
    /// The pairs this machine knows, as registered.
    /// - Throws: ``SyncError/corruptState(path:reason:)`` or ``SyncError/io(path:underlying:)``
    ///   when the pair list cannot be read.
    public func pairs() throws -> [SyncPair] {
        try PairRegistry(accessor: dependencies.fileAccessor, state: environment.state).load()
    }

    /// Adds a pair to (or replaces it in) this machine's list, and records its folder's bookmark
    /// (when the manager keeps ``PairBookmarks``). Only what changed is written: registering a
    /// pair exactly as it is listed, with the same bookmark, writes nothing.
    /// - Throws: ``SyncError`` when the pair list cannot be read or written; a bookmark that
    ///   cannot be made or saved is skipped (the folder is still found by its path).
    public func register(_ pair: SyncPair) throws {
        let registry = PairRegistry(accessor: dependencies.fileAccessor, state: environment.state)
        let listed = try registry.load()
        if !listed.contains(where: { Self.same($0, pair) }) {
            let pairs = listed.filter { $0.name != pair.name } + [pair]
            try registry.save(pairs.sorted { $0.name < $1.name })
        }
        dependencies.bookmarks?.record(pair)
    }

    /// The pairs this machine knows, each found again through its folder's bookmark: a folder
    /// renamed beside its old path is followed and the pair registered again with the new path;
    /// a folder that is gone is reported for that pair alone. Without ``PairBookmarks`` every
    /// pair is ``TrackedPair/found(_:)``.
    /// - Throws: ``SyncError`` when the pair list cannot be read, or written for a renamed folder.
    public func trackedPairs() throws -> [TrackedPair] {
        try pairs().map { stored in
            guard let bookmarks = dependencies.bookmarks else { return .found(stored) }
            let moved: URL?
            do {
                moved = try bookmarks.follow(stored)
            } catch {
                return .gone(stored, reason: String(describing: error))
            }
            guard let moved else { return .found(stored) }
            let pair = try SyncPair(name: stored.name, localRoot: moved, container: stored.container)
            try register(pair)
            return .renamed(pair, from: stored.localRoot)
        }
    }

    /// Whether two pairs name the same folders: a folder's path with or without its final slash
    /// is the same folder (a relative `--container box` arrives without it, the list gives it back
    /// with it), so a no-op sync does not write the list again.
    private static func same(_ a: SyncPair, _ b: SyncPair) -> Bool {
        func folder(_ text: String) -> Substring {
            var text = Substring(text)
            while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
            return text
        }
        return a.name == b.name
            && folder(a.localRoot.path(percentEncoded: false)) == folder(b.localRoot.path(percentEncoded: false))
            && a.container.map { folder(PairRegistry.containerText($0)) }
                == b.container.map { folder(PairRegistry.containerText($0)) }
    }
}

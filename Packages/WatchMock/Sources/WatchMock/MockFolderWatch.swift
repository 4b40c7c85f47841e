import Foundation
import InMemorySupport
import WatchInterface

/// A watch ``MockFolderWatching`` started: it delivers under its owner's delivery lock, so
/// `stop()` waits for a delivery in progress, and a handler may stop its own watch.
final class MockFolderWatch: FolderWatch {
    let root: URL
    let key: PathKey
    private let onEvent: @Sendable (WatchEvent) -> Void
    private let owner: MockWatchRegistry
    private let state: Guarded<(active: Bool, seen: TreeSnapshot)>

    init(
        root: URL, snapshot: TreeSnapshot, owner: MockWatchRegistry,
        onEvent: @escaping @Sendable (WatchEvent) -> Void
    ) {
        self.root = root
        key = PathKey(root)
        self.onEvent = onEvent
        self.owner = owner
        state = Guarded((true, snapshot))
    }

    var isActive: Bool { state.withLock { $0.active } }

    func stop() {
        owner.delivering {
            state.withLock { $0.active = false }
            owner.remove(self)
        }
        _ = try? owner.world.perform(.stopWatch, url: root, mutates: false) { _ in }
    }

    /// Delivers `event` unless the watch stopped; an `ended` event stops it. Call only inside
    /// the owner's delivery lock.
    func deliver(_ event: WatchEvent) {
        guard isActive else { return }
        if case .ended = event {
            state.withLock { $0.active = false }
            owner.remove(self)
        }
        onEvent(event)
    }

    /// What changed below the root since the last look, as events; `limit` changes at most
    /// before they collapse into one ``WatchEvent/overflow``.
    func pendingEvents(limit: Int?) -> [WatchEvent] {
        let key = key
        let (rootIsFolder, now) = owner.world.withTree { tree in
            (tree.entry(at: key)?.isDirectory == true, TreeSnapshot(of: key, in: tree))
        }
        let changed = state.withLock { state in
            defer { state.seen = now }
            return state.seen.changes(to: now)
        }
        var events: [WatchEvent] = changed.map { .changed(path: $0.relative(to: key)) }
        if let limit, events.count > limit { events = [.overflow] }
        if !rootIsFolder { events.append(.ended(reason: "the root was removed")) }
        return events
    }
}

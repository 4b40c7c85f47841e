import Dispatch
import Foundation
import Synchronization

/// The saves of the side's metadata that are running, by root URL: one at a time per root.
///
/// A commit's save runs on a thread of its own, so that its round trips overlap the engine's next
/// writes (the pair's marker and the container's document, after the last batch) instead of going
/// before them. Whatever must come after it waits for it: the next save of the same root (saves of
/// one root share a temporary name), a flush, a document placed at the root (a root's marker never
/// shows a sync whose metadata is not there yet), and the release of the container's lock (nothing
/// of a run is written once another machine may take it).
final class PendingSaves: Sendable {
    private let running = Locked<[String: DispatchGroup]>([:])

    /// Runs `save` on a thread of its own, once any save of `root` still running has ended.
    func start(at root: String, _ save: @escaping @Sendable () -> Void) {
        let group = claim(root)
        Thread { [self] in
            save()
            finish(root, group)
        }
        .start()
    }

    /// Runs `save` on this thread, once any save of `root` still running has ended (a save started
    /// meanwhile waits for this one).
    /// - Throws: what `save` throws.
    func run(at root: String, _ save: () throws -> Void) throws {
        let group = claim(root)
        defer { finish(root, group) }
        try save()
    }

    /// Waits for every save running at a root whose URL begins with `prefix` ("" for all).
    func wait(within prefix: String) {
        let groups = running.withLock { running in running.filter { $0.key.hasPrefix(prefix) }.map(\.value) }
        for group in groups { group.wait() }
    }

    /// Registers a save of `root` as running, once no other is: checked and registered under the
    /// lock, so two savers never both find the root free.
    private func claim(_ root: String) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        while true {
            let other = running.withLock { running -> DispatchGroup? in
                if let other = running[root] { return other }
                running[root] = group
                return nil
            }
            guard let other else { return group }
            other.wait()
        }
    }

    private func finish(_ root: String, _ group: DispatchGroup) {
        running.withLock { running in
            if running[root] === group { running[root] = nil }
        }
        group.leave()
    }
}

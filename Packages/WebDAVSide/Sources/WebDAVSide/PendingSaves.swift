import Dispatch
import Foundation

/// The metadata saves that commits started and nobody has waited for yet, by root URL.
///
/// A commit's save of the side's metadata runs on a thread of its own, so that its round trips
/// overlap the engine's next writes (the pair's marker and the container's document, after the
/// last batch) instead of going before them. Whatever must come after it waits for it: the next
/// save of the same root (saves of one root share a temporary name), a flush, and the release of
/// the container's lock (nothing of this run is written once another machine may hold it).
final class PendingSaves: Sendable {
    private let running = Locked<[String: DispatchGroup]>([:])

    /// Runs `save` on a thread of its own, once any save of `root` still running has ended.
    func start(at root: String, _ save: @escaping @Sendable () -> Void) {
        wait(within: root)
        let group = DispatchGroup()
        group.enter()
        running.withLock { $0[root] = group }
        Thread {
            save()
            group.leave()
        }
        .start()
    }

    /// Waits for every save started at a root whose URL begins with `prefix` ("" for all).
    func wait(within prefix: String) {
        let groups = running.withLock { running in running.filter { $0.key.hasPrefix(prefix) } }
        for (_, group) in groups { group.wait() }
        running.withLock { running in
            for (root, group) in groups where running[root] === group { running[root] = nil }
        }
    }
}

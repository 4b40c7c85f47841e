public import Foundation
public import InMemorySupport
public import WatchInterface

/// An in-memory ``FolderWatching`` for tests: watches folders of a ``MockWorld`` tree, and
/// delivers only when the test says so, so nothing depends on timing.
///
/// What other Mocks change in the shared world is reported by ``deliverChanges()``, as the kernel
/// would report it: each created, written, removed or moved entry below the root by its relative
/// path, new and moved-in folders included, links never followed, and `ended` once the root is
/// gone. ``emit(_:under:)`` hands any event to the watches of a root (an `overflow`, an
/// `unwatched` folder), for the cases a world cannot produce. With a `queueLimit`, more pending
/// changes than that collapse into one ``WatchEvent/overflow``, as the kernel's queue overflows.
///
/// - ``watch(_:onEvent:)`` is ``MockOperation/watchFolder`` and `stop()` is
///   ``MockOperation/stopWatch``, both journaled, neither a mutation; faults apply to both (a
///   failed stop still stops).
/// - Thread-safe; deliveries run one at a time (under a recursive lock), so `stop()` waits for a
///   delivery in progress and a handler may stop its own watch.
///
/// ```swift
/// let world = MockWorld()
/// let watching = MockFolderWatching(world: world)
/// let watch = try watching.watch(URL(filePath: "/home/me/Documents")) { print($0) }
/// try world.withTree { try $0.writeFile(Data("hi".utf8), at: PathKey(path: "/home/me/Documents/a.txt")) }
/// watching.deliverChanges()  // prints "changed a.txt"
/// watch.stop()
/// ```
public struct MockFolderWatching: FolderWatching {
    /// The world whose tree is watched, and whose journal records the calls.
    public let world: MockWorld
    /// How many changes one delivery holds before it becomes an overflow; nil for no limit.
    public let queueLimit: Int?
    private let registry: MockWatchRegistry

    /// Creates a watching on `world`.
    /// - Parameters:
    ///   - world: the world to share with other Mocks (a fresh, empty one by default).
    ///   - queueLimit: the most changes one delivery reports before it reports an overflow.
    public init(world: MockWorld = MockWorld(), queueLimit: Int? = nil) {
        self.world = world
        self.queueLimit = queueLimit
        registry = MockWatchRegistry(world: world)
    }

    public func watch(_ root: URL, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws -> any FolderWatch {
        let key = PathKey(root)
        let path = key.path
        let snapshot = try world.perform(.watchFolder, url: root, mutates: false) { tree in
            switch tree.entry(at: key)?.kind {
            case nil: throw WatchError.rootUnavailable(path: path, reason: "No such file or directory")
            case .directory?: return TreeSnapshot(of: key, in: tree)
            case .symbolicLink?: throw WatchError.rootUnavailable(path: path, reason: "a symbolic link")
            case .file?, .special?: throw WatchError.rootUnavailable(path: path, reason: "Not a directory")
            }
        }
        let watch = MockFolderWatch(root: key.url, snapshot: snapshot, owner: registry, onEvent: onEvent)
        registry.add(watch)
        return watch
    }

    /// Delivers what changed in the world below each running watch's root since its last
    /// delivery, synchronously, on the caller's thread.
    public func deliverChanges() {
        registry.delivering {
            for watch in registry.active {
                for event in watch.pendingEvents(limit: queueLimit) { watch.deliver(event) }
            }
        }
    }

    /// Delivers `event` to every running watch of `root`, synchronously, on the caller's thread;
    /// an `ended` event ends those watches.
    /// - Parameters:
    ///   - event: what to deliver.
    ///   - root: the watched root, as given to ``watch(_:onEvent:)``.
    public func emit(_ event: WatchEvent, under root: URL) {
        let key = PathKey(root)
        registry.delivering {
            for watch in registry.active where watch.key == key { watch.deliver(event) }
        }
    }

    /// The roots of the running watches, oldest first (a root watched twice is listed twice).
    public var activeRoots: [URL] { registry.active.map(\.root) }

    /// The watch calls recorded in this watching's world, in order.
    public var calls: [CallRecord] {
        world.journal.filter { [.watchFolder, .stopWatch].contains($0.operation) }
    }
}

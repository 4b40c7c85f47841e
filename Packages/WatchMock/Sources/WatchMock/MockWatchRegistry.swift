import Foundation
import InMemorySupport

/// The watches one ``MockFolderWatching`` (and its copies) started, and the lock every delivery
/// runs under.
final class MockWatchRegistry: Sendable {
    let world: MockWorld
    private let watches = Guarded<[ObjectIdentifier: MockFolderWatch]>([:])
    private let order = Guarded<[ObjectIdentifier]>([])
    /// Recursive: a handler may stop its watch, or deliver again, from inside a delivery.
    private let deliveryLock = NSRecursiveLock()

    init(world: MockWorld) {
        self.world = world
    }

    func add(_ watch: MockFolderWatch) {
        let id = ObjectIdentifier(watch)
        watches.withLock { $0[id] = watch }
        order.withLock { $0.append(id) }
    }

    func remove(_ watch: MockFolderWatch) {
        let id = ObjectIdentifier(watch)
        watches.withLock { _ = $0.removeValue(forKey: id) }
        order.withLock { $0.removeAll { $0 == id } }
    }

    /// The running watches, oldest first.
    var active: [MockFolderWatch] {
        let ids = order.withLock { $0 }
        return watches.withLock { table in ids.compactMap { table[$0] } }
    }

    /// Runs `body` under the delivery lock.
    func delivering<T>(_ body: () throws -> T) rethrows -> T {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        return try body()
    }
}

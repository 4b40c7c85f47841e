import Foundation
import InMemorySupport
import LockInterface

/// A lock ``MockPairLocking`` handed out.
///
/// It remembers the identity of the lock file it created, so releasing it removes that file only:
/// a stale handle never frees the lock of the next holder. Dropping the last reference releases it.
final class MockHeldLock: HeldLock {
    private let world: MockWorld
    private let url: URL
    private let identity: UInt64
    private let released = Guarded(false)

    init(world: MockWorld, url: URL, identity: UInt64) {
        self.world = world
        self.url = url
        self.identity = identity
    }

    func release() {
        released.withLock { released in
            guard !released else { return }
            let key = PathKey(url)
            let identity = identity
            do {
                try world.perform(.releaseLock, url: url, mutates: false) { tree in
                    // As FileLock does: the file stays, emptied (no holder), so a later take of
                    // the name reuses it; removing it would race another taker on the disk.
                    if tree.entry(at: key)?.identity == identity {
                        try tree.writeFile(Data(), at: key, permissions: 0o600)
                    }
                }
                released = true
            } catch {
                // A fault aimed at releaseLock leaves the lock held (release cannot throw), as if
                // the holder hung; a later release tries again.
            }
        }
    }

    deinit {
        release()
    }
}

import LockInterface

extension SyncManager {
    /// Takes this machine's lock of `pair` (one process per pair).
    /// - Throws: ``SyncError/pairLocked(holder:)`` naming the holder, or the lock's error wrapped.
    func acquireLock(_ pair: SyncPair) throws -> any HeldLock {
        do {
            return try dependencies.locking.acquire(pair.name, holder: environment.lockHolder)
        } catch LockError.held(let holder) {
            throw SyncError.pairLocked(holder: holder)
        } catch {
            throw SyncError.wrap(error, path: "lock of pair \(pair.name)")
        }
    }
}

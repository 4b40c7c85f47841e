/// Makes sure one pair is synced by one process at a time.
///
/// Implementations promise: while a lock is held, every other attempt to take the same name fails
/// at once with ``LockError/held(by:)`` naming the holder; a lock is released by
/// ``HeldLock/release()`` or when its holder dies (a killed process never leaves a stale lock).
///
/// ```swift
/// let lock = try locking.acquire("documents", holder: "synccli pid 4242 on laptop")
/// defer { lock.release() }
/// ```
public protocol PairLocking: Sendable {
    /// Takes the lock `name`, without waiting.
    /// - Parameters:
    ///   - name: the pair's name (any string; implementations make it safe).
    ///   - holder: a description of this process, shown to whoever finds the lock taken.
    /// - Returns: the held lock.
    /// - Throws: ``LockError/held(by:)`` when another holder has it, ``LockError/unavailable(_:)``
    ///   when locking itself fails.
    func acquire(_ name: String, holder: String) throws -> any HeldLock
}

/// A lock this process holds.
///
/// Keep it for as long as the lock is needed: dropping the last reference releases it too, as
/// the holder's death would (so `_ = try locking.acquire(...)` holds nothing).
public protocol HeldLock: Sendable {
    /// Releases the lock; calling it again does nothing.
    func release()
}

/// Why a lock could not be taken.
public enum LockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Someone else holds it; the text describes them.
    case held(by: String)
    /// The lock could not be created or taken for another reason.
    case unavailable(String)

    public var description: String {
        switch self {
        case .held(let holder): "another sync of this pair is running (\(holder))"
        case .unavailable(let reason): "cannot take the pair's lock: \(reason)"
        }
    }
}

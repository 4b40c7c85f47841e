public import Foundation

/// A side that can hold a lock every machine sharing it sees: a container on a server, where a
/// process lock on one machine keeps no other machine out.
///
/// A lock is a lease: it names its holder and ends at a time, so a holder that crashed keeps the
/// others out only until then, never forever.
///
/// ```swift
/// if let shared = container as? SideLocking {
///     let lock = try shared.lock("docs", holder: "laptop, pid 4242", machine: "laptop")
///     defer { lock.release() }
/// }
/// ```
public protocol SideLocking: Sendable {
    /// Takes the lock `name` (a single file name) for `holder`.
    /// - Parameters:
    ///   - name: the lock's name.
    ///   - holder: who holds it, as others will read it (a machine and a process).
    ///   - machine: the machine asking. A lock the same machine left is taken over at once: the
    ///     caller holds that machine's own lock first, so it is a crashed sync's, not a running one.
    /// - Returns: the held lock; release it when done.
    /// - Throws: ``SideLockHeld`` when another machine's lease has not ended,
    ///   ``TreeError/rootUnavailable(_:reason:)`` when the side cannot be reached, or another
    ///   ``TreeError``.
    func lock(_ name: String, holder: String, machine: String) throws -> any SideLockHolding
}

/// A lock a ``SideLocking`` side gave.
public protocol SideLockHolding: Sendable {
    /// Gives the lock up; a lock already taken over (its lease ended) is left to its new holder.
    func release()
}

/// Another holder has the lock, until `expires`.
public struct SideLockHeld: Error, Equatable, Sendable, CustomStringConvertible {
    /// Who holds it, as they described themselves.
    public let holder: String
    /// When their lease ends (another machine may take the lock then).
    public let expires: Date

    /// Creates the error.
    public init(holder: String, expires: Date) {
        self.holder = holder
        self.expires = expires
    }

    public var description: String {
        "held by \(holder) until \(expires.formatted(.iso8601))"
    }
}

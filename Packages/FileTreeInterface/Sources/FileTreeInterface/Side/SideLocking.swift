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
///
/// A reader that may have nothing to write looks first and locks only when it must:
///
/// ```swift
/// if let shared = container as? SideLocking, try !shared.hasLock("docs") {
///     // read; if something must be written:
///     let lock = try shared.lockFoundFree("docs", holder: "laptop, pid 4242", machine: "laptop")
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

    /// Looks whether a lock `name` is on the side, held or left by a holder that crashed, and
    /// writes nothing: a caller that finds none may read the side and end without a lock when it
    /// has nothing to write, and take the lock only when it has.
    /// - Returns: true when a lock of that name is there (whether or not its lease has ended).
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when the side cannot be reached or is
    ///   missing, or another ``TreeError``.
    func hasLock(_ name: String) throws -> Bool

    /// Takes the lock `name` as ``lock(_:holder:machine:)`` does, right after ``hasLock(_:)``
    /// found none in the same run: the side need not look again first. A lock another machine
    /// took since is still refused (``SideLockHeld``): taking one never replaces one.
    /// - Throws: as ``lock(_:holder:machine:)``.
    func lockFoundFree(_ name: String, holder: String, machine: String) throws -> any SideLockHolding
}

extension SideLocking {
    /// Takes the lock with the side's usual look first (``lock(_:holder:machine:)``).
    public func lockFoundFree(_ name: String, holder: String, machine: String) throws -> any SideLockHolding {
        try lock(name, holder: holder, machine: machine)
    }
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

public import Foundation

/// How a pair's syncs went on this machine: when the last one completed and, when the latest
/// attempt failed, when and why. Kept in the state folder beside the pair's archive, so a pair
/// that stopped syncing (its container away, a guard refusing, its lock held) can be told apart
/// from one that is simply idle.
public struct SyncHistory: Sendable, Equatable, Codable {
    /// A sync that did not complete.
    public struct Failure: Sendable, Equatable, Codable {
        /// When it was tried.
        public var at: Date
        /// Its error's line.
        public var reason: String

        public init(at: Date, reason: String) {
            self.at = at
            self.reason = reason
        }
    }

    /// When the last sync of the pair completed here; nil when none is recorded.
    public var lastCompleted: Date?
    /// The latest attempt, when it failed (nil once a sync completed after it).
    public var lastFailure: Failure?

    public init(lastCompleted: Date? = nil, lastFailure: Failure? = nil) {
        self.lastCompleted = lastCompleted
        self.lastFailure = lastFailure
    }
}

public import Foundation

/// Deletions a plan carries out (or a sync recorded) on the strength of a ``DeletionApproval``:
/// who allowed them, when, and how many paths the approval covers.
public struct ApprovedDeletions: Sendable, Codable, Equatable {
    /// The machine whose user allowed them.
    public var machine: String
    /// When that machine's sync carried them out.
    public var approvedAt: Date
    /// How many paths the approval covers.
    public var count: Int

    /// A summary from its parts.
    public init(machine: String, approvedAt: Date, count: Int) {
        self.machine = machine
        self.approvedAt = approvedAt
        self.count = count
    }
}

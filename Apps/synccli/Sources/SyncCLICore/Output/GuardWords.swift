import Foundation
import SyncEngine

/// How the delete guard's verdicts and approvals read: every refusal names the `--max-delete`
/// value that allows it.
enum GuardWords {
    /// `it deletes 8 of 10 files on the container side, more than the limit of 50%; allow it with
    /// --max-delete 80`.
    static func reason(_ refusal: DeletionRefusal) -> String {
        let what =
            refusal.emptiesSide
            ? "every file (\(refusal.total)) on the \(refusal.side) side"
            : "\(refusal.count) of \(refusal.total) files on the \(refusal.side) side"
        return "it deletes \(what), more than the limit of \(refusal.limitPercent)%; "
            + "allow it with --max-delete \(refusal.neededPercent)"
    }

    /// The line of a refused sync (exit 3).
    static func refused(_ refusal: DeletionRefusal) -> String {
        "the sync is refused: \(reason(refusal))"
    }

    /// The line of a preview (a dry run, a plan, a status) of a sync that would be refused.
    static func preview(_ refusal: DeletionRefusal) -> String {
        "the sync would be refused: \(reason(refusal))"
    }

    /// `carrying out 150 deletions approved by laptop at 2026-12-01T10:00:00Z`.
    static func carrying(_ approved: ApprovedDeletions, preview: Bool = false) -> String {
        "\(preview ? "would carry out" : "carrying out") deletions approved by \(approved.machine) at "
            + "\(approved.approvedAt.formatted(.iso8601)) (\(Console.count(approved.count, "path")))"
    }

    /// `recorded 150 deletions as approved, for the other machines of this pair`.
    static func recorded(_ approved: ApprovedDeletions) -> String {
        "recorded \(Console.count(approved.count, "deletion")) as approved, for the other machines of this pair"
    }
}

import FileTreeInterface
import Synchronization

/// A replaced file on a side that takes changes side by side (a server): its old version's move
/// into the trash and its new version's upload go at once.
extension PlanExecutor {
    /// The two actions of a group that replaces one file on a side taking several changes at once
    /// (``FileTreeInterface/SideCapabilities/parallelism`` over 1): the old version to the trash,
    /// then the copy onto its name. Nil for any other group, and on a local folder (its trash move
    /// is a rename: nothing to overlap).
    func replacement(_ group: [SyncAction]) -> (trash: SyncAction, copy: SyncAction)? {
        guard group.count == 2, group[0].operation == .trash, !group[0].isDeletion, group[1].operation == .copy,
            group[0].side == group[1].side, group[0].path == group[1].path,
            side(group[0].side).capabilities.parallelism > 1
        else { return nil }
        return (group[0], group[1])
    }

    /// Moves the old version into the trash and stages the new one at the same time, each on a
    /// thread of its own (on a server each is a round trip or more, the first trash of a run
    /// three). Ends as the two steps one after the other would: a copy whose trash move did not
    /// complete is discarded and skipped (its upload never lands: the commit would otherwise
    /// place it where the old version may be gone for another reason); a copy that failed after
    /// the move leaves the old version in the trash, as it would have.
    func replaceAtOnce(_ replacing: (trash: SyncAction, copy: SyncAction), ledger: inout Ledger) {
        // A group already unfinished is skipped by both steps (each asks its own ledger).
        let unfinished: Set<RelativePath> =
            ledger.unfinished.contains(replacing.trash.group) ? [replacing.trash.group] : []
        let outcomes = Mutex<[Int: Ledger]>([:])
        let unit = self
        Lanes.run(2) { lane in
            var own = Ledger(report: SyncReport(pair: ""), unfinished: unfinished)
            unit.step(lane == 0 ? replacing.trash : replacing.copy, ledger: &own)
            outcomes.withLock { $0[lane] = own }
        }
        let unrun = Ledger(report: SyncReport(pair: ""), unfinished: [replacing.trash.group])
        let (trashed, copied) = outcomes.withLock { ($0[0] ?? unrun, $0[1]) }
        ledger.absorb(trashed)
        guard let copied else { return }
        // A copy that was not staged says why itself (a failure of its own, such as a full server).
        guard trashed.unfinished.contains(replacing.trash.group), !copied.staged.isEmpty else {
            return ledger.absorb(copied)
        }
        side(replacing.copy.side).discard(copied.staged.map(\.copy))
        ledger.report.skipped.append(
            .init(action: replacing.copy, reason: "an earlier step for \(replacing.copy.group) did not complete"))
    }
}

import FileTreeInterface
import Foundation

/// Carries out a plan's actions in order, re-checking each one just before acting.
///
/// An action whose source or destination changed since the plan is skipped with the reason; an
/// action of a group (one path's decision) after a skipped or failed one is skipped too, so a
/// half-done decision never looks done: the group's archive record stays as it was, and the next
/// run sees the change again.
struct PlanExecutor {
    /// The local folder's side.
    var local: any SyncSideProviding
    /// The pair's folder in the container.
    var container: any SyncSideProviding
    var trashFolder: String
    /// How many copies may run at once (1: strictly one after the other).
    var workers: Int
    /// The trash folders this run has made or found.
    let trashFolders = TrashFolders()

    private(set) var ledger: Ledger

    init(
        local: any SyncSideProviding, container: any SyncSideProviding, trashFolder: String, workers: Int = 1,
        report: SyncReport
    ) {
        self.local = local
        self.container = container
        self.trashFolder = trashFolder
        self.workers = max(1, workers)
        self.ledger = Ledger(report: report)
    }

    /// The side value of `side`.
    func side(_ side: SyncSide) -> any SyncSideProviding { side == .local ? local : container }

    /// Runs every action, telling `progress` after each. Copies (in phase 2, with the trash moves of
    /// the versions they replace) are staged and then
    /// committed in batches (one flush to disk per batch rather than per file); the copies of a
    /// batch's different groups are staged on up to `workers` threads at once, so their waits for
    /// the disk overlap. Everything else, and every group's own steps, keep the plan's order.
    /// `actions` become the report's `done` list (less what was skipped or failed): given as the
    /// only reference, that list takes their storage rather than a copy.
    mutating func run(_ actions: consuming [SyncAction], progress: (@Sendable (SyncProgress) -> Void)? = nil) {
        // Work on a ledger this call alone owns: appending to `self.ledger` while a method borrows
        // `self` would copy its arrays on every append (quadratic in the batch).
        var ledger = self.ledger
        self.ledger = Ledger(report: SyncReport(pair: ledger.report.pair))
        defer { self.ledger = ledger }
        var index = 0
        var finished = 0
        while index < actions.count {
            guard actions[index].phase == 2 else {
                step(actions[index], ledger: &ledger)
                finished += 1
                progress?(
                    SyncProgress(finished: finished, total: actions.count, bytesCopied: ledger.report.bytesCopied))
                index += 1
                continue
            }
            var end = index
            while end < actions.count, actions[end].phase == 2 { end += 1 }
            for batch in Self.batches(of: actions[index..<end]) {
                if workers > 1 {
                    runConcurrently(
                        batch, finishedBefore: finished, total: actions.count, progress: progress, ledger: &ledger)
                } else {
                    for (offset, action) in batch.enumerated() {
                        step(action, ledger: &ledger)
                        progress?(
                            SyncProgress(
                                finished: finished + offset + 1, total: actions.count,
                                bytesCopied: ledger.report.bytesCopied))
                    }
                }
                finished += batch.count
                commitStaged(&ledger)
            }
            index = end
        }
        // A copy staged outside the copies' phase (an edited plan's) is committed, not left staged.
        if !ledger.staged.isEmpty { commitStaged(&ledger) }
        ledger.report.done = Self.completed(consume actions, besides: ledger.report)
    }

    /// `actions` but those `report` skipped or failed, by phase, then path. Usually all of them:
    /// then, given as the only reference, in the plan's own storage (sorted in place: folder
    /// removals and modes are planned deepest first), so a first sync of 100,000 files does not
    /// hold its actions twice (12 MiB) while it updates the archive.
    static func completed(_ actions: consuming [SyncAction], besides report: SyncReport) -> [SyncAction] {
        var done = consume actions
        if !report.skipped.isEmpty || !report.failed.isEmpty {
            var missed: [SyncAction: Int] = [:]
            for unfinished in report.skipped + report.failed { missed[unfinished.action, default: 0] += 1 }
            done.removeAll { action in
                guard let count = missed[action] else { return false }
                missed[action] = count > 1 ? count - 1 : nil
                return true
            }
        }
        let inOrder: (SyncAction, SyncAction) -> Bool = { ($0.phase, $0.path) < ($1.phase, $1.path) }
        if zip(done, done.dropFirst()).contains(where: { inOrder($1, $0) }) { done.sort(by: inOrder) }
        return done
    }

    /// At most this many copies are staged before a commit.
    static let batchCopies = 4_096
    /// At most about this many bytes are staged before a commit.
    static let batchBytes: Int64 = 1 << 30

    /// Splits a run of phase 2 actions into batches of whole groups, each holding at most
    /// ``batchCopies`` copies and about ``batchBytes`` bytes (a larger group is a batch of its own).
    static func batches(of actions: ArraySlice<SyncAction>) -> [ArraySlice<SyncAction>] {
        var batches: [ArraySlice<SyncAction>] = []
        var start = actions.startIndex
        var copies = 0
        var bytes: Int64 = 0
        var index = actions.startIndex
        while index < actions.endIndex {
            var end = index
            var groupCopies = 0
            var groupBytes: Int64 = 0
            while end < actions.endIndex, actions[end].group == actions[index].group {
                if actions[end].operation == .copy {
                    groupCopies += 1
                    groupBytes += actions[end].expected?.size ?? 0
                }
                end += 1
            }
            if index > start, copies + groupCopies > batchCopies || bytes + groupBytes > batchBytes {
                batches.append(actions[start..<index])
                start = index
                copies = 0
                bytes = 0
            }
            copies += groupCopies
            bytes += groupBytes
            index = end
        }
        if start < actions.endIndex { batches.append(actions[start..<actions.endIndex]) }
        return batches
    }

}

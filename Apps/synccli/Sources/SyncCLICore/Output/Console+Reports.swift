import Foundation
import SyncEngine

extension Console {
    /// A finished sync or apply: the summary (not when quiet), the approval its deletions were
    /// carried out on (even when quiet) or the one it recorded, one line per change (verbose),
    /// every conflict (even when quiet), notes, and every path that failed, was skipped or was
    /// left out of sync (on standard error, always: see ``unfinished(_:)``).
    func describe(_ report: SyncReport, seconds: TimeInterval) {
        let first = report.wasFirstSync ? " (first sync)" : ""
        say("\(report.pair): \(Self.summary(of: report)) in \(String(format: "%.2f", seconds)) s\(first)")
        if let approved = report.approvedDeletions { notice("  " + GuardWords.carrying(approved)) }
        if let recorded = report.recordedApproval { say("  " + GuardWords.recorded(recorded)) }
        for line in ChangeLine.lines(report.done) { detail("  " + line) }
        for conflict in report.conflicts { notice("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in report.warnings { say("  note: \(warning)") }
        unfinished(report)
    }

    /// What a report counts, each count with its noun: `3 files copied (1.2 KiB), 1 file
    /// deleted, 1 folder changed, 0 conflicts`.
    static func summary(of report: SyncReport) -> String {
        var parts = [
            count(report.copied, "file") + " copied (\(bytes(report.bytesCopied)))",
            count(report.deleted, "file") + " deleted",
        ]
        if report.replaced > 0 { parts.append(count(report.replaced, "file") + " replaced") }
        if report.moved > 0 { parts.append(count(report.moved, "rename")) }
        if report.foldersChanged > 0 { parts.append(count(report.foldersChanged, "folder") + " changed") }
        parts.append(count(report.conflicts.count, "conflict"))
        return parts.joined(separator: ", ")
    }

    /// Every path a sync or apply did not finish, on standard error in every mode (quiet and
    /// JSON too), one line each, always in this shape:
    ///
    /// ```
    /// synccli: docs: failed local → container: copy a.txt: <reason>
    /// synccli: docs: skipped container → local: delete b.txt into the trash: <reason>
    /// synccli: docs: not synced local: link: a symbolic link is never followed or copied
    /// ```
    func unfinished(_ report: SyncReport) {
        for item in report.failed {
            error("\(report.pair): failed \(ChangeLine.text(item.action, reason: item.reason))")
        }
        for item in report.skipped {
            error("\(report.pair): skipped \(ChangeLine.text(item.action, reason: item.reason))")
        }
        notSynced(report.unsynced, pair: report.pair)
    }

    /// The paths a plan or sync leaves out of sync, one `<pair>: not synced <side>: <path>:
    /// <reason>` line each on standard error.
    func notSynced(_ paths: [UnsyncedPath], pair: String) {
        for item in paths { error("\(pair): not synced \(item)") }
    }

    /// A plan (a dry run, `plan --out`): its summary, the delete guard's verdict and the approval
    /// it relies on (even when quiet), one sorted line per change with its direction, every
    /// conflict (even when quiet), notes, and the paths it would leave out of sync (on standard
    /// error, as a sync reports them).
    func describe(_ plan: SyncPlan) {
        let lines = ChangeLine.lines(plan.actions)
        say("\(plan.pair): \(Self.count(lines.count, "change")) planned\(plan.isFirstSync ? " (first sync)" : "")")
        if let refusal = plan.deletionRefusal { notice("  " + GuardWords.preview(refusal)) }
        if let approved = plan.approvedDeletions { notice("  " + GuardWords.carrying(approved, preview: true)) }
        for line in lines { say("  " + line) }
        for conflict in plan.conflicts { notice("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in plan.warnings { say("  note: \(warning)") }
        notSynced(plan.unsynced, pair: plan.pair)
    }
}

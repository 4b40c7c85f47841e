import Foundation
import SyncEngine

extension Console {
    /// A finished sync or apply: the summary (not when quiet), one line per change (verbose),
    /// every conflict (even when quiet), notes, and every path that failed or was skipped (on
    /// standard error, always).
    func describe(_ report: SyncReport, seconds: TimeInterval) {
        var parts = ["\(report.copied) copied (\(Console.bytes(report.bytesCopied)))", "\(report.deleted) deleted"]
        if report.replaced > 0 { parts.append("\(report.replaced) replaced") }
        if report.moved > 0 { parts.append("\(report.moved) moved") }
        if report.foldersChanged > 0 { parts.append(Console.count(report.foldersChanged, "folder") + " changed") }
        parts.append(Console.count(report.conflicts.count, "conflict"))
        let first = report.wasFirstSync ? " (first sync)" : ""
        say("\(report.pair): \(parts.joined(separator: ", ")) in \(String(format: "%.2f", seconds)) s\(first)")
        for line in ChangeLine.lines(report.done) { detail("  " + line) }
        for conflict in report.conflicts { notice("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in report.warnings { say("  note: \(warning)") }
        for item in report.skipped {
            error("\(report.pair): skipped \(item.action.side) \(item.action.path): \(item.reason)")
        }
        for item in report.failed {
            error("\(report.pair): failed \(item.action.side) \(item.action.path): \(item.reason)")
        }
        for item in report.unsynced { error("\(report.pair): not synced \(item)") }
    }

    /// A plan (a dry run, `plan --out`): its summary and actions (with `--verbose`, one line per
    /// change with its direction), every conflict (even when quiet), notes and paths not synced.
    func describe(_ plan: SyncPlan) {
        say(
            "\(plan.pair): \(Console.count(plan.actions.count, "action")) planned\(plan.isFirstSync ? " (first sync)" : "")"
        )
        if options.verbose {
            for line in ChangeLine.lines(plan.actions) { detail("  " + line) }
        } else {
            for action in plan.actions {
                let source = action.source.map { $0 == action.path ? "" : " from \($0)" } ?? ""
                say("  \(action.operation) \(action.side) \(action.path)\(source): \(action.reason)")
            }
        }
        for conflict in plan.conflicts { notice("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in plan.warnings { say("  note: \(warning)") }
        for item in plan.unsynced { say("  not synced \(item)") }
    }
}

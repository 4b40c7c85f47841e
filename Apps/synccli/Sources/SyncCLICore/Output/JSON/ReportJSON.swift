import SyncEngine

/// A finished sync or apply of one pair, in a `--json` document (`sync`, `apply`).
struct ReportJSON: Encodable, Equatable {
    /// What was done, counted.
    struct Counts: Encodable, Equatable {
        var copied: Int
        var bytesCopied: Int64
        var deleted: Int
        var replaced: Int
        var moved: Int
        var foldersChanged: Int
    }

    var pair: String
    var firstSync: Bool
    /// Whether every change was made and nothing was left out of sync (exit 0).
    var complete: Bool
    var counts: Counts
    var changes: [ChangeJSON]
    var conflicts: [ConflictJSON]
    var failed: [ChangeJSON]
    var skipped: [ChangeJSON]
    var notSynced: [NotSyncedJSON]
    var notes: [String]

    init(_ report: SyncReport) {
        pair = report.pair
        firstSync = report.wasFirstSync
        complete = report.isComplete
        counts = Counts(
            copied: report.copied, bytesCopied: report.bytesCopied, deleted: report.deleted,
            replaced: report.replaced, moved: report.moved, foldersChanged: report.foldersChanged)
        changes = ChangeJSON.list(report.done)
        conflicts = report.conflicts.map(ConflictJSON.init)
        failed = report.failed.map { ChangeJSON($0.action, reason: $0.reason) }
        skipped = report.skipped.map { ChangeJSON($0.action, reason: $0.reason) }
        notSynced = report.unsynced.map(NotSyncedJSON.init)
        notes = report.warnings
    }
}

/// What a sync of one pair would do, in a `--json` document (`sync --dry-run`).
struct PlanJSON: Encodable, Equatable {
    var pair: String
    var firstSync: Bool
    var changes: [ChangeJSON]
    var conflicts: [ConflictJSON]
    var notSynced: [NotSyncedJSON]
    var notes: [String]

    init(_ plan: SyncPlan) {
        pair = plan.pair
        firstSync = plan.isFirstSync
        changes = ChangeJSON.list(plan.actions)
        conflicts = plan.conflicts.map(ConflictJSON.init)
        notSynced = plan.unsynced.map(NotSyncedJSON.init)
        notes = plan.warnings
    }
}

/// `sync --json`: every pair's report, or (`--dry-run`) every pair's plan.
struct SyncJSON: Encodable, Equatable {
    var version = JSONVersion.current
    var dryRun: Bool
    var reports: [ReportJSON]?
    var plans: [PlanJSON]?
}

/// `apply --json`: the report of the plan carried out.
struct ApplyJSON: Encodable, Equatable {
    var version = JSONVersion.current
    var report: ReportJSON
}

/// Any command's failure with `--json` (usage errors too): on standard output, while the same
/// line goes to standard error.
struct ErrorJSON: Encodable, Equatable {
    var version = JSONVersion.current
    var error: String
    var exitCode: Int32
}

import FileTreeInterface

extension PlanExecutor {
    /// What the actions did so far.
    struct Ledger: Sendable {
        var report: SyncReport
        /// The groups with an action that did not complete.
        var unfinished: Set<RelativePath> = []
        /// What each completed action left at (or read from) a path, per side: what the archive
        /// may record there afterwards.
        var known = KnownEntries()
        /// Copies written to temporary files and not yet committed, with their actions.
        var staged: [(action: SyncAction, copy: StagedCopy)] = []
        /// What this run put into each side's trash.
        var trashed = TrashedByRun()

        /// Adds what another ledger (one group's work) recorded.
        mutating func absorb(_ other: Ledger) {
            report.copied += other.report.copied
            report.bytesCopied += other.report.bytesCopied
            report.deleted += other.report.deleted
            report.replaced += other.report.replaced
            report.foldersChanged += other.report.foldersChanged
            report.moved += other.report.moved
            report.skipped += other.report.skipped
            report.failed += other.report.failed
            unfinished.formUnion(other.unfinished)
            staged += other.staged
            trashed.absorb(other.trashed)
            known.absorb(other.known)
        }
    }
}

/// An entry as an action left or read it, without its path: all the after-apply check compares
/// (a third of a ``TreeEntry``, which counts at 100,000 copies).
struct Seen: Sendable, Equatable {
    var snapshot: SideSnapshot
    var kind: EntryKind  // after the snapshot's 37 bytes: 40 bytes in all, not 48

    init(_ entry: TreeEntry) {
        kind = entry.kind
        snapshot = SideSnapshot(entry)
    }

    /// Whether `entry` is still this (kind, size, identity, and a file's time).
    func matches(_ entry: TreeEntry) -> Bool {
        entry.kind == kind && snapshot.describes(entry)
    }
}

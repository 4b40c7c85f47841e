import FileTreeInterface

/// What one run put into each side's trash, counted as it went: lets the trash's expiry know the
/// size of the run folder this run made without listing it (over WebDAV, a request per folder).
struct TrashedByRun: Sendable, Equatable {
    /// The files (versions) and their bytes this run trashed, per side.
    private(set) var sizes: [SyncSide: TrashRecord.Run] = [:]
    /// The sides where this run made its run folder (so it held nothing before).
    private(set) var madeRunFolder: Set<SyncSide> = []
    /// The sides this run put anything into the trash of.
    private(set) var used: Set<SyncSide> = []

    /// Counts `entry` (what was trashed, as the plan expected it) on `side`; only files count, as
    /// a walk of the trash counts only files.
    mutating func note(_ entry: TreeEntry?, on side: SyncSide, madeRun: Bool) {
        used.insert(side)
        if madeRun { madeRunFolder.insert(side) }
        guard let entry, entry.kind == .file else { return }
        sizes[side, default: .empty].add(TrashRecord.Run(bytes: entry.size, versions: 1))
    }

    /// Adds what another group's work trashed.
    mutating func absorb(_ other: TrashedByRun) {
        madeRunFolder.formUnion(other.madeRunFolder)
        used.formUnion(other.used)
        for (side, run) in other.sizes { sizes[side, default: .empty].add(run) }
    }

    /// What the run folder holds on `side`, when this run made it (and so knows all it holds);
    /// nil when it was there before this run (an interrupted attempt of the same plan may have
    /// put versions there: only a walk knows them).
    func runFolder(on side: SyncSide) -> TrashRecord.Run? {
        guard madeRunFolder.contains(side) else { return nil }
        return sizes[side] ?? .empty
    }

    /// Whether all this run put into `side`'s trash is known without a listing: nothing, or
    /// everything in a run folder it made.
    func isKnown(on side: SyncSide) -> Bool {
        !used.contains(side) || madeRunFolder.contains(side)
    }
}

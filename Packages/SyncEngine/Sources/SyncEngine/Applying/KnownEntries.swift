import FileTreeInterface

/// What each completed action left at (or read from) a path, per side: what the archive may
/// record there afterwards.
///
/// Noted in the order the actions completed, in an array a side, and put in path order once, when
/// the archive is updated. A dictionary a side held the same 100,000 entries of a first sync in
/// 262,144 buckets (19 MiB a side, at the sync's peak); the arrays take 7 MiB a side.
struct KnownEntries: Sendable {
    private var local: [KnownEntry] = []
    private var container: [KnownEntry] = []

    /// Notes that `seen` is at `path` on `side`; a later note of the same path wins.
    mutating func note(_ seen: Seen, at path: RelativePath, on side: SyncSide) {
        switch side {
        case .local: local.append(KnownEntry(path: path, seen: seen))
        case .container: container.append(KnownEntry(path: path, seen: seen))
        }
    }

    /// Adds what `other` noted, as noted after everything here.
    mutating func absorb(_ other: KnownEntries) {
        local += other.local
        container += other.container
    }

    /// The entries of each side by path (for a path noted more than once, the last note), leaving
    /// nothing noted: the arrays are sorted in place and become the tables.
    mutating func takeTables() -> [SyncSide: PathTable<KnownEntry>] {
        // Taken out first: a second reference would make the sort copy the whole array.
        let (local, container) = (self.local, self.container)
        self = KnownEntries()
        return [
            .local: PathTable(Self.lastOfEachPath(consume local)),
            .container: PathTable(Self.lastOfEachPath(consume container)),
        ]
    }

    /// `entries` in path order, each path once with the last of its notes.
    private static func lastOfEachPath(_ entries: consuming [KnownEntry]) -> [KnownEntry] {
        var sorted = consume entries
        sorted.sort { $0.path < $1.path }  // stable: a path's notes stay in the order they were made
        var kept = 0
        for index in sorted.indices {
            if kept > 0 && sorted[kept - 1].path == sorted[index].path {
                sorted[kept - 1] = sorted[index]
            } else {
                sorted[kept] = sorted[index]
                kept += 1
            }
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}

/// What an action left at (or read from) a path.
struct KnownEntry: PathKeyed, Sendable {
    let path: RelativePath
    let seen: Seen
}

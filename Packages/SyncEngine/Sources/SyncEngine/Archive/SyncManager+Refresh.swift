import FileTreeInterface
import Foundation
import Synchronization

extension SyncManager {
    /// Applies a plan's record updates to `archive`, for the groups whose actions all completed,
    /// and takes what the ledger knew of the paths (no longer needed after).
    /// - Returns: the paths whose records were set or removed (what the archive's save writes).
    func update(
        _ archive: inout Archive, from plan: SyncPlan, ledger: inout PlanExecutor.Ledger, sides: PairSides
    ) throws -> [RelativePath] {
        let updates = try recordUpdates(from: plan, ledger: &ledger, treeSize: archive.records.count, sides: sides)
        let changed = updates.map(\.path)
        archive.records.update(updates)
        return changed
    }

    /// The record of each path a plan's completed groups set, refreshed or removed (nil).
    /// The after-apply lookups (a fresh scan of each side, at 100,000 paths tens of megabytes) and
    /// the ledger's known entries live only as long as this call, so they are gone before the
    /// updates are merged into the archive.
    private func recordUpdates(
        from plan: SyncPlan, ledger: inout PlanExecutor.Ledger, treeSize: Int, sides: PairSides
    ) throws -> [(path: RelativePath, value: ArchiveRecord?)] {
        let known = ledger.known.takeTables()
        let refreshing = plan.records.compactMap {
            $0.change == .refresh && !ledger.unfinished.contains($0.group) ? $0.path : nil
        }
        let lookup = try entryLookup(refreshing: refreshing, treeSize: treeSize, sides: sides)
        var updates: [(path: RelativePath, value: ArchiveRecord?)] = []
        updates.reserveCapacity(plan.records.count)
        for update in plan.records where !ledger.unfinished.contains(update.group) {
            switch update.change {
            case .set: updates.append((update.path, update.record.map { $0.moved(to: update.path) }))
            case .remove: updates.append((update.path, nil))
            case .refresh:
                guard let record = try? refreshedRecord(update, lookup: lookup, known: known) else { continue }
                updates.append((update.path, record))
            }
        }
        return updates
    }

    /// How to look at `paths` after an apply: one by one when they are few next to the tree (a
    /// walk to one path costs a few system calls; a scan costs one per entry), as many at once as
    /// copies run (on a server each look is a round trip),
    /// else from one fresh scan of each side, both sides at once.
    /// - Parameter treeSize: about how many entries each side holds (the archive's count).
    private func entryLookup(
        refreshing paths: [RelativePath], treeSize: Int, sides: PairSides
    ) throws -> (SyncSide, RelativePath) throws -> TreeEntry? {
        guard paths.count > 64, paths.count * 16 > treeSize else {
            let found = Self.lookUp(paths, on: sides, lanes: workers(for: sides))
            return { side, path in
                guard let result = found[side]?[path] else { return try sides[side].entry(at: path) }
                return try result.get()
            }
        }
        // A scan lists entries in path order: its table looks paths up by bisection.
        let scan: @Sendable (any SyncSideProviding) throws -> [TreeEntry] = { side in
            try side.scan { path, _ in ReservedNames.isReserved(path) }.entries
        }
        let (local, container, _) = atOnce({ try scan(sides.local) }, { try scan(sides.pair) }, {})
        let entries = [SyncSide.local: PathTable(try local.get()), .container: PathTable(try container.get())]
        return { side, path in entries[side]?[path] }
    }

    /// The entry at each of `paths` on both sides (or why it could not be looked at), `lanes`
    /// looks at once.
    static func lookUp(
        _ paths: [RelativePath], on sides: PairSides, lanes: Int
    ) -> [SyncSide: [RelativePath: Result<TreeEntry?, any Error>]] {
        let jobs = SyncSide.allCases.flatMap { side in paths.map { (side, $0) } }
        let next = Atomic(0)
        let found = Mutex<[SyncSide: [RelativePath: Result<TreeEntry?, any Error>]]>([:])
        Lanes.run(min(max(1, lanes), jobs.count)) { _ in
            while true {
                let claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard claimed < jobs.count else { return }
                let (side, path) = jobs[claimed]
                let result = Result { try sides[side].entry(at: path) }
                found.withLock { $0[side, default: [:]][path] = result }
            }
        }
        return found.withLock { $0 }
    }

    /// The record of a path after its actions, or nil (keeping the old record, so the next run
    /// looks again) unless both sides still hold exactly what the actions wrote or read there: an
    /// edit made during the sync must never be recorded as synced.
    private func refreshedRecord(
        _ update: RecordUpdate, lookup: (SyncSide, RelativePath) throws -> TreeEntry?,
        known: [SyncSide: PathTable<KnownEntry>]
    ) throws -> ArchiveRecord? {
        guard let l = try lookup(.local, update.path), let c = try lookup(.container, update.path),
            l.kind == c.kind, l.size == c.size
        else { return nil }
        for (side, now) in [(SyncSide.local, l), (.container, c)] {
            if let expected = known[side]?[update.path]?.seen, !expected.matches(now) { return nil }
        }
        return ArchiveRecord(
            path: update.path, kind: l.kind, size: l.size, digest: update.digest, local: SideSnapshot(l),
            container: SideSnapshot(c))
    }
}

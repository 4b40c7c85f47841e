import FileTreeInterface
public import Foundation
import LockInterface

extension SyncManager {
    /// The pair's trash retention (``TrashRetention/standard`` until set).
    /// - Throws: ``SyncError/corruptState(path:reason:)`` when its record is damaged.
    public func trashRetention(of pair: SyncPair) throws -> TrashRetention {
        try archiveStore.loadTrashRecord(pair: pair.name).effectiveRetention
    }

    /// Sets how the pair's trash is kept; the next sync expires by it.
    /// - Throws: ``TrashSettingError`` for fewer than 1 day, ``SyncError`` when the record cannot
    ///   be read or written.
    public func setTrashRetention(_ retention: TrashRetention, of pair: SyncPair) throws {
        guard retention.days >= 1 else { throw TrashSettingError("the trash keeps versions at least 1 day") }
        var record = try archiveStore.loadTrashRecord(pair: pair.name)
        record.retention = retention
        record.floors = [:]
        try archiveStore.saveTrashRecord(record, pair: pair.name)
    }

    /// What each side's trash holds, its oldest version, and the retention: listing run folders
    /// and walking only those this machine has not seen, changing nothing.
    /// - Throws: ``SyncError`` as ``trash(of:)`` does, or for a damaged record.
    public func trashSummary(of pair: SyncPair) throws -> TrashSummary {
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        let record = try archiveStore.loadTrashRecord(pair: pair.name)
        var summary = TrashSummary(retention: record.effectiveRetention, sides: [:])
        for side in SyncSide.allCases {
            let location = trashLocation(side, of: sides)
            let runs = try TrashListing.runs(on: sides[side], location: location)
            var sizes = (record.runs[side.rawValue] ?? [:]).filter { runs.contains($0.key) }
            let fresh = Set(runs).subtracting(sizes.keys)
            if !fresh.isEmpty {
                let walk = try TrashListing.walk(on: sides[side], as: side, location: location, runs: fresh)
                sizes.merge(Self.runSizes(walk.items, runs: fresh)) { $1 }
            }
            let held = sizes.values.reduce(0) { $0 + $1.bytes }
            var entry = TrashSummary.Side(
                versions: sizes.values.reduce(0) { $0 + $1.versions }, bytes: held,
                oldest: sizes.filter { $0.value.versions > 0 }.keys.compactMap(TrashStamp.date(ofRun:)).min(),
                cap: cap(for: sides[side], retention: summary.retention, held: held))
            if entry.cap == nil, case .shareOfFreeSpace = summary.retention.maxSize {
                entry.capNote = "no size limit: this side does not tell its free space, so only the age applies"
            }
            summary.sides[side] = entry
        }
        return summary
    }

    /// Every version in the pair's trashes, newest first, each marked whether it is the last copy
    /// of its version (``TrashItem/isLastCopy``).
    /// - Throws: what ``trash(of:)`` throws.
    public func trashMarkingLastCopies(of pair: SyncPair) throws -> [TrashItem] {
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        let items = try trashWalks(of: sides).values.flatMap(\.items)
        var copies = CopyFinder(items: items) { side, path in (try? sides.currentEntry(at: path, on: side)) ?? nil }
        return items.indices.map { index in
            var item = items[index]
            item.isLastCopy = !copies.hasCopy(of: index, besides: [])
            return item
        }.sorted { $0.isNewer(than: $1) }
    }

    /// Removes the pair's trashed versions (those trashed at least `olderThan` ago, or all), oldest
    /// first, but a version that is the last copy of its file and younger than the age limit (see
    /// ``TrashRetention``), and those in run folders made by hand. Holds the pair's locks, as a
    /// sync does.
    /// - Parameter dryRun: only says what it would free and keep.
    /// - Throws: ``SyncError/pairLocked(holder:)`` while a sync holds the pair; ``SyncError`` when
    ///   a trash cannot be listed. A version that cannot be removed is counted in
    ///   ``TrashEmptyResult/failed`` with a warning, not thrown.
    public func emptyTrash(of pair: SyncPair, olderThan: TimeInterval? = nil, dryRun: Bool = false) throws
        -> TrashEmptyResult
    {
        let lock = try acquireLock(pair)
        defer { lock.release() }
        let shared = try acquireContainerLock(pair)
        defer { shared?.release() }
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        var record = try archiveStore.loadTrashRecord(pair: pair.name)
        let now = environment.now()
        let planner = TrashExpiryPlanner(
            now: now, retention: record.effectiveRetention,
            request: .trashedBefore(now.addingTimeInterval(-(olderThan ?? 0))))
        let outcome = try expire(with: planner, sides: sides, dryRun: dryRun)
        var result = TrashEmptyResult(dryRun: dryRun)
        for item in outcome.removed { result.freed.add(item) }
        for item in outcome.plan.keptLastCopies { result.keptLastCopies.add(item) }
        for item in outcome.plan.kept { result.keptOther.add(item) }
        result.failed = outcome.failed
        result.warnings = outcome.warnings
        if !dryRun {
            record.runs = outcome.runs
            record.floors = [:]
            try archiveStore.saveTrashRecord(record, pair: pair.name)
        }
        return result
    }
}

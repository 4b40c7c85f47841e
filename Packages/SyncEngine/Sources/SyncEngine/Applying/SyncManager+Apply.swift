import FileTreeInterface
import Foundation

extension SyncManager {
    /// Removes the temporary files interrupted syncs of `pair` left (only a sync holding the
    /// pair's lock writes them, so none belongs to a running one). One that cannot be removed
    /// stays; it is harmless, as sync never reads it.
    /// - Returns: whether anything was removed.
    func removeLeftovers(_ leftovers: [SyncSide: [RelativePath]], pair: SyncPair) -> Bool {
        guard leftovers.values.contains(where: { !$0.isEmpty }), let container = try? containerURL(for: pair),
            let sides = try? openSides(of: pair, container: container)
        else { return false }
        var removed = false
        for (side, paths) in leftovers {
            for path in paths where (try? sides[side].removeItem(path)) != nil { removed = true }
        }
        return removed
    }

    /// Applies a plan; the caller holds the pair's lock.
    /// - Parameter pair: the plan's pair as this machine knows it (with its container).
    /// - Parameter archive: the archive the plan was made against under the same lock, or nil to
    ///   load it (and refuse the plan if the pair synced since).
    func applyHoldingLock(
        _ plan: consuming SyncPlan, for pair: SyncPair, archive planned: consuming Archive?,
        progress: (@Sendable (SyncProgress) -> Void)?
    ) throws -> SyncReport {
        let container = try containerURL(for: pair)
        let sides = try openSides(of: pair, container: container)
        guard sides.pairRoot.path(percentEncoded: false) == plan.containerRoot else {
            throw SyncError.planOutdated("the container moved to \(container.path)")
        }
        var report = SyncReport(before: plan)
        // A plan from outside is data, not a decision: whether this is a first sync (which skips the
        // marker guard) comes from this machine's archive and the container found, never the plan.
        // The archive is moved, never copied: its records are changed in place below, and a
        // second reference to them would copy the whole table (tens of megabytes at 100,000 paths).
        var archive: Archive
        let isFirstSync: Bool
        if let archived = consume planned {
            (archive, isFirstSync) = (archived, plan.isFirstSync)
        } else {
            (archive, isFirstSync, _) = continuity(of: try archiveStore.load(pair: pair.name).0, sides: sides)
        }
        guard archive.generation == plan.archiveGeneration else {
            throw SyncError.planOutdated("the pair synced since the plan was made")
        }
        guard isFirstSync == plan.isFirstSync else {
            throw SyncError.planOutdated(
                isFirstSync ? "the container is not the one the plan was made against" : "the pair has synced before")
        }
        if plan.actions.isEmpty && plan.records.isEmpty && !isFirstSync {
            report.warnings += expireTrash(
                of: pair, sides: sides, changed: false, generations: (archive.generation, archive.generation))
            return report
        }
        try checkRootsAreNotLinks(sides)  // said as such, not as the marker a link hides
        try checkMarkers(pair: pair, sides: sides, firstSync: isFirstSync)
        var changed = try prepareRoots(pair: pair, sides: sides)
        changed.formUnion(plan.actions.map(\.side))
        var ledger: PlanExecutor.Ledger
        do {
            var executor = PlanExecutor(
                local: sides.local, container: sides.pair, trashFolder: plan.trashFolder,
                workers: workers(for: sides), report: report)
            // The plan lets go of its actions: the report's list of what was done takes them over.
            let actions = plan.actions
            plan.actions = []
            executor.run(consume actions, progress: progress)
            ledger = executor.ledger
        }
        report = ledger.report
        // Every change must be durable before the archive says it happened (the container holds
        // the pair's folder, which a first sync may have just made). A side nothing was done to
        // has nothing to wait for (a side's flush may cover its whole file system, whatever else
        // is being written there). The pair's marker and the container's document are written at
        // the same time (on a server their round trips overlap the flush's; a side places a
        // document only after its own metadata, so no marker shows a sync whose times and modes
        // are not there yet), all before the archive: a sync killed or failing in any of them has
        // not saved its archive, so the next run does its work again, writes both again (each
        // write removes its own leftover temporary file), and reads the marker's sequence as a
        // later copy of the one it knows.
        let (archived, changedSides) = (archive.container, changed)
        let (flushed, stamped, recorded) = atOnce(
            { try self.flush(changedSides, of: sides) },
            { try self.advanceStamp(of: pair, sides: sides, archived: archived) },
            { try self.recordSync(of: pair, on: sides.container) })
        try flushed.get()
        let stamp = try stamped.get()
        try recorded.get()
        let changedRecords = try update(&archive, from: plan, ledger: &ledger, sides: sides)
        archive.container = stamp
        archive.generation += 1
        if plan.recordsApproval {
            switch recordApproval(of: pair, done: report.done, stamp: stamp, sides: sides) {
            case .success(let recorded): report.recordedApproval = recorded
            case .failure(let problem):
                report.warnings.append(
                    "the deletions were not recorded as approved (\(problem)): other machines refuse them until allowed there"
                )
            case nil: break
            }
        }
        try archiveStore.save(archive, changed: changedRecords)
        // Only now that the sync's own work is durable: the trash's expiry, which never fails it.
        report.warnings += expireTrash(
            of: pair, sides: sides, changed: !report.done.isEmpty,
            generations: (plan.archiveGeneration, archive.generation), run: (plan.trashFolder, ledger.trashed))
        return report
    }

    /// Makes the changes to each side in `changed` durable (a side's flush may cover its whole
    /// file system: a side nothing was done to is not flushed).
    /// - Throws: ``SyncError`` wrapping the first side's failure.
    private nonisolated func flush(_ changed: Set<SyncSide>, of sides: PairSides) throws {
        for (side, tree) in [(SyncSide.local, sides.local), (.container, sides.container)] where changed.contains(side)
        {
            do {
                try tree.flush()
            } catch {
                throw SyncError.wrap(error, path: tree.location)
            }
        }
    }

    /// How many copies (and looks) of `sides` run at once: ``SyncEnvironment/copyWorkers``, or
    /// as many as a side takes at once when that is more; 1 stays 1.
    func workers(for sides: PairSides) -> Int {
        let configured = max(1, environment.copyWorkers)
        guard configured > 1 else { return 1 }
        return max(configured, sides.local.capabilities.parallelism, sides.pair.capabilities.parallelism)
    }

    /// Makes the pair's folder in the container if it is missing, and writes each side's root
    /// marker where there is none (after proving the root is still the folder worked in).
    /// - Returns: the sides it changed.
    private func prepareRoots(pair: SyncPair, sides: PairSides) throws -> Set<SyncSide> {
        var changed: Set<SyncSide> = []
        if !sides.pairFolderExists {
            do {
                try sides.container.makeDirectory(sides.pairFolder)
                changed.insert(.container)
            } catch TreeError.alreadyExists {
            } catch {
                throw SyncError.wrap(error, path: sides.pairRoot.path(percentEncoded: false))
            }
        }
        for (side, root) in [(SyncSide.local, sides.localRoot), (.container, sides.pairRoot)]
        where !RootMarker.exists(on: sides[side]) {
            try checkStillInPlace(sides[side], root: root)
            try RootMarker.write(to: sides[side], location: sides[side].location, pair: pair.name)
            changed.insert(side)
        }
        return changed
    }
}

import FileTreeInterface
import Foundation

extension SyncManager {
    /// Expires the pair's trash by its retention, after a sync's work is durable; the caller holds
    /// the pair's locks. Cheap when nothing is due: it looks as
    /// ``surveyTrash(of:sides:changed:generation:run:walking:)`` does, and walks everything only
    /// when a removal is due.
    /// - Parameters:
    ///   - sides: the pair's sides, as the sync opened them.
    ///   - changed: whether the sync changed either side.
    ///   - generations: the archive's generation before this sync and after it (the same for a
    ///     sync that saved none): the record's run folders stand for a listing only when the
    ///     record is of the generation before (a sync killed after saving its archive, before its
    ///     record, leaves one that lacks what it trashed).
    ///   - run: the sync's trash run folder's name, and what the sync put in it: a run folder the
    ///     sync made itself is sized from that count instead of walked.
    /// - Returns: one warning line per problem (a version that could not be removed is tried again
    ///   by the next sync); never throws, so the trash never fails a sync.
    func expireTrash(
        of pair: SyncPair, sides: PairSides, changed synced: Bool, generations: (before: Int, after: Int),
        run: (name: String, trashed: TrashedByRun)? = nil
    ) -> [String] {
        do {
            var survey = try surveyTrash(
                of: pair, sides: sides, changed: synced, generation: generations.before, run: run, walking: true)
            var warnings: [String] = []
            if survey.due {
                let planner = TrashExpiryPlanner(now: survey.now, retention: survey.retention, caps: survey.caps)
                let outcome = try expire(with: planner, sides: sides, dryRun: false)
                warnings = outcome.warnings
                survey.record.runs = outcome.runs
                survey.record.floors = outcome.floors(caps: survey.caps)
                survey.changed = true
            }
            try keep(survey, pair: pair, generation: generations.after)
            return warnings
        } catch {
            return ["the trash was not expired (the next sync tries again): \(error)"]
        }
    }

    /// The bytes `side`'s trash may hold under `retention`, nil for no limit.
    nonisolated func cap(for side: any SyncSideProviding, retention: TrashRetention, held: Int64) -> Int64? {
        guard let limit = retention.maxSize else { return nil }
        var free: Int64?
        if case .shareOfFreeSpace = limit { free = (try? (side as? any SideSpaceReporting)?.availableSpace()) ?? nil }
        return limit.cap(free: free, held: held)
    }

    /// Walks both trashes whole, plans with `planner` and (unless `dryRun`) removes what the plan
    /// says, oldest first, then the run folders left empty.
    func expire(with planner: TrashExpiryPlanner, sides: PairSides, dryRun: Bool) throws -> TrashExpiryOutcome {
        let walks = try trashWalks(of: sides)
        let items = walks.values.flatMap(\.items)
        // Whether a version has another copy decides a removal no change checks again: looked at now.
        let plan = planner.plan(items) { side, path in (try? sides.currentEntry(at: path, on: side)) ?? nil }
        var outcome = TrashExpiryOutcome(plan: plan)
        guard !dryRun else {
            outcome.removed = plan.remove
            outcome.runs = Self.allRunSizes(plan.kept + plan.keptLastCopies)
            return outcome
        }
        var failures: [SyncSide: (count: Int, first: String)] = [:]
        var left = plan.kept + plan.keptLastCopies
        for item in plan.remove {
            do {
                try sides[item.side].removeItem(item.trashPath)
                outcome.removed.append(item)
            } catch TreeError.notFound {
                continue
            } catch {
                failures[item.side, default: (0, "\(item.trashPath): \(error)")].count += 1
                left.append(item)
            }
        }
        let touched = Set(plan.remove.map { "\($0.side.rawValue)/\($0.run)" })
        for side in SyncSide.allCases {
            let folders = walks[side]?.folders ?? []
            for folder in folders.sorted(by: { $0.components.count > $1.components.count })
            where touched.contains("\(side.rawValue)/\(folder.components[1])") {
                try? sides[side].removeEmptyFolder(folder)
            }
            if !plan.remove.isEmpty { try? sides[side].flush() }
        }
        for (side, failure) in failures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            outcome.warnings.append(
                "the \(side) side's trash kept \(failure.count) version(s) it could not remove (\(failure.first)); the next sync tries again"
            )
        }
        outcome.failed = failures.values.reduce(0) { $0 + $1.count }
        outcome.runs = Self.allRunSizes(left)
        return outcome
    }

    /// What each of `runs` holds, by run, from `items`.
    nonisolated static func runSizes(_ items: [TrashItem], runs: Set<String>) -> [String: TrashRecord.Run] {
        var sizes = Dictionary(uniqueKeysWithValues: runs.map { ($0, TrashRecord.Run.empty) })
        for item in items where runs.contains(item.run) {
            sizes[item.run, default: .empty].add(TrashRecord.Run(bytes: item.size, versions: 1))
        }
        return sizes
    }

    /// What each run holds on each side, by side name, from `items` (a run left with nothing is
    /// absent: its folder is gone, or is walked again when seen).
    nonisolated static func allRunSizes(_ items: [TrashItem]) -> [String: [String: TrashRecord.Run]] {
        var sizes: [String: [String: TrashRecord.Run]] = [:]
        for side in SyncSide.allCases {
            let mine = items.filter { $0.side == side }
            sizes[side.rawValue] = runSizes(mine, runs: Set(mine.map(\.run)))
        }
        return sizes
    }
}

/// What an expiry did (or, dry, would do).
struct TrashExpiryOutcome {
    var plan: TrashExpiryPlan
    /// The versions removed (or, dry, to remove).
    var removed: [TrashItem] = []
    /// Versions that could not be removed.
    var failed = 0
    /// One line per side where removals failed.
    var warnings: [String] = []
    /// What each side's runs hold afterwards (see ``TrashRecord/runs``).
    var runs: [String: [String: TrashRecord.Run]] = [:]

    /// The bytes each side holds afterwards where that is still over its cap (the last copies it
    /// had to keep): until more is trashed, a sync need not walk the trash again for the cap.
    func floors(caps: [SyncSide: Int64]) -> [String: Int64] {
        var floors: [String: Int64] = [:]
        for side in SyncSide.allCases {
            let held = (runs[side.rawValue] ?? [:]).values.reduce(0) { $0 + $1.bytes }
            if let cap = caps[side], held > cap { floors[side.rawValue] = held }
        }
        return floors
    }
}

import FileTreeInterface
import Foundation

/// What the trash's expiry finds before it removes anything (``SyncManager/surveyTrash(of:sides:changed:generation:run:walking:)``).
struct TrashSurvey {
    /// The pair's trash record, brought up to date with what was found.
    var record: TrashRecord
    /// The retention the record gives.
    var retention: TrashRetention
    /// When the survey was made: the expiry's "now".
    var now: Date
    /// Whether the record stood for a listing before (it is then kept up to date with the archive).
    var standing: Bool
    /// Whether the record differs from the one stored.
    var changed = false
    /// Whether a run is past the age limit, or a side holds more than its cap.
    var due = false
    /// Each side's cap, where it has one and its trash holds anything.
    var caps: [SyncSide: Int64] = [:]
    /// Run folders found that neither the record nor the sync knew, left unwalked (a survey that
    /// does not walk them: another machine's trash since the last listing).
    var unwalked = false
}

extension SyncManager {
    /// Looks at the pair's trash as its expiry does, reading only: it lists the run folders (one
    /// level; within ``TrashRecord/lifetime`` of the last listing, not even that: the record's run
    /// folders and the one this sync made stand for them), walks only run folders it has not seen
    /// (when `walking`), and tells whether a removal is due: a run past the age limit, or a side
    /// holding more than its cap (after a sync that changed nothing, other than the last copies
    /// it had to keep last time: a version added may be a copy, and one removed elsewhere,
    /// another machine emptying the container's trash, makes that record stale).
    /// - Parameters:
    ///   - changed: whether the sync changed either side.
    ///   - generation: the archive's generation before this sync: the record's run folders stand
    ///     for a listing only when the record is of that generation (a sync killed after saving
    ///     its archive, before its record, leaves one that lacks what it trashed).
    ///   - run: the sync's trash run folder's name, and what the sync put in it: a run folder the
    ///     sync made itself is sized from that count instead of walked.
    ///   - walking: whether run folders not seen before are walked (else only noted as
    ///     ``TrashSurvey/unwalked``).
    /// - Throws: the sides' errors, and the record's.
    func surveyTrash(
        of pair: SyncPair, sides: PairSides, changed synced: Bool, generation: Int,
        run: (name: String, trashed: TrashedByRun)?, walking: Bool
    ) throws -> TrashSurvey {
        var record = try archiveStore.loadTrashRecord(pair: pair.name)
        let now = environment.now()
        var survey = TrashSurvey(
            record: record, retention: record.effectiveRetention, now: now, standing: record.listed != nil)
        let cutoff = now.addingTimeInterval(-survey.retention.maxAge)
        // A listing made less than ``TrashRecord/lifetime`` ago stands, when this run's own
        // additions are known: the record's run folders, and the run folder this run made.
        let fromRecord =
            record.listingStands(at: now) && record.generation == generation
            && SyncSide.allCases.allSatisfy { run?.trashed.isKnown(on: $0) ?? true }
        if !fromRecord { record.listed = now }
        for side in SyncSide.allCases {
            let location = trashLocation(side, of: sides)
            let known = record.runs[side.rawValue] ?? [:]
            let runs =
                fromRecord
                ? Array(known.keys) + (run.flatMap { $0.trashed.runFolder(on: side) != nil ? [$0.name] : nil } ?? [])
                : try TrashListing.runs(on: sides[side], location: location)
            // The time of a listing is kept, an empty trash's as well: within its lifetime the
            // sync that trashes a pair's first versions need not list again (on a server, after
            // its own writes to the pair's folder, that is two round trips).
            if !fromRecord { survey.changed = true }
            var fresh = Set(runs).subtracting(known.keys)
            var sizes = known.filter { runs.contains($0.key) }
            if let run, fresh.contains(run.name), let counted = run.trashed.runFolder(on: side) {
                sizes[run.name] = counted
                fresh.remove(run.name)
            }
            if !fresh.isEmpty && !walking { survey.unwalked = true }
            if !fresh.isEmpty && walking {
                let walk = try TrashListing.walk(on: sides[side], as: side, location: location, runs: fresh)
                sizes.merge(Self.runSizes(walk.items, runs: fresh)) { $1 }
            }
            if sizes != known {
                record.runs[side.rawValue] = sizes
                survey.changed = true
            }
            if runs.contains(where: { run in TrashStamp.date(ofRun: run).map { $0 < cutoff } ?? false }) {
                survey.due = true
            }
            let held = sizes.values.reduce(0) { $0 + $1.bytes }
            // An empty trash has nothing to expire: its side is not asked for its free space.
            if held > 0, let cap = cap(for: sides[side], retention: survey.retention, held: held) {
                survey.caps[side] = cap
                if held > cap && (synced || held != record.floors[side.rawValue] ?? 0) { survey.due = true }
            }
        }
        survey.record = record
        return survey
    }

    /// Saves the record `survey` brought up to date, when it changed or (while it stands for
    /// listings: it then holds run folders, or a listing's time) when the archive's generation
    /// moved to `generation`.
    /// - Throws: the record's store's error.
    func keep(_ survey: TrashSurvey, pair: SyncPair, generation: Int) throws {
        var (record, changed) = (survey.record, survey.changed)
        if record.generation != generation && (changed || survey.standing) {
            record.generation = generation
            changed = true
        }
        if changed { try archiveStore.saveTrashRecord(record, pair: pair.name) }
    }
}

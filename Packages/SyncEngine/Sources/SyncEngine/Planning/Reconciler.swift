import FileTreeInterface
import Foundation

/// Decides, path by path, what a sync does: the decision table of DESIGN §5.
///
/// Pure logic over two scans and the archive; the only outside call is `digest`, asked when size
/// and time cannot tell whether content changed.
struct Reconciler {
    var local: PathTable<TreeEntry>
    var container: PathTable<TreeEntry>
    var archive: PathTable<ArchiveRecord>
    /// The archive as stored, before renames re-keyed `archive`.
    let originalArchive: PathTable<ArchiveRecord>
    /// Paths whose state is unknown on some side (a link, or a path that could not be read), with
    /// everything below them: looked up per ancestor, as a tree with many links has many.
    let unknown: Set<RelativePath>
    var options: SyncOptions
    var machine: String
    /// The machine that last synced the container, named in conflict copies of its versions.
    var otherMachine: String
    var now: Date
    var digest: (SyncSide, TreeEntry) throws -> ContentDigest

    struct Result {
        var actions: [SyncAction] = []
        var records: [RecordUpdate] = []
        var conflicts: [ConflictReport] = []
        var warnings: [String] = []
        /// Paths left out of sync (name collisions, unreadable contents), each reported.
        var unsynced: [UnsyncedPath] = []
    }

    var digests: [SyncSide: [RelativePath: ContentDigest]] = [.local: [:], .container: [:]]
    var result = Result()
    var names: [SyncSide: NameIndex] = [:]
    /// Paths this plan removes (on whichever side has them).
    var removed: Set<RelativePath> = []
    /// Conflict-copy names this plan gives out (made on both sides), so no two get the same one.
    var conflictNames: Set<RelativePath> = []
    /// Paths inside a detected rename, whose actions and records depend on the rename's move.
    var renameGroups: [(root: RelativePath, group: RelativePath)] = []
    /// Where a re-keyed entry still is on disk until the rename's move runs.
    var diskPaths: [SyncSide: [RelativePath: RelativePath]] = [.local: [:], .container: [:]]
    /// Folders on each side that hold excluded entries (ignored names, the tool's own files).
    var holdsExcluded: [SyncSide: Set<RelativePath>] = [.local: [], .container: []]
    /// What each side's identities mean (``FileTreeInterface/SideCapabilities/identity``): only a
    /// file-system identity survives a rename and may differ for unchanged contents (a remount);
    /// a server's version (an ETag) changes with every write, so a new one is never waved through.
    var identityKinds: [SyncSide: SideCapabilities.IdentityKind] = [.local: .fileSystem, .container: .fileSystem]
    /// The scans' ``Settlement``, when known: then only its unsettled paths are decided (unless a
    /// rename re-keys the tables), and a side that lists every recorded path is not searched for
    /// renames.
    var settlement: Settlement?

    init(
        local: PathTable<TreeEntry>, container: PathTable<TreeEntry>, archive: PathTable<ArchiveRecord>,
        unknown: [RelativePath], options: SyncOptions, machine: String, otherMachine: String, now: Date,
        digest: @escaping (SyncSide, TreeEntry) throws -> ContentDigest
    ) {
        self.local = local
        self.container = container
        self.archive = archive
        self.originalArchive = archive
        self.unknown = Set(unknown)
        self.options = options
        self.machine = machine
        self.otherMachine = otherMachine
        self.now = now
        self.digest = digest
    }

    // MARK: Planning

    mutating func run() -> Result {
        applyRenames()
        var outcomes: [RelativePath: Outcome] = [:]
        // Every path of either side or the archive, once, without building their union.
        var recorded = 0  // archive paths seen on a side: when all are, none is left for the third pass
        if renameGroups.isEmpty, let settlement {
            outcomes.reserveCapacity(settlement.unsettled.count + archive.count - settlement.recordedOnEither)
            for path in settlement.unsettled where unknown.isEmpty || !isUnknown(path) {
                outcomes[path] = decideOrFail(path)
            }
            recorded = settlement.recordedOnEither
        } else {
            let renamed = !renameGroups.isEmpty
            outcomes.reserveCapacity(max(local.count, container.count, archive.count))
            for path in local.keys where unknown.isEmpty || !isUnknown(path) {
                let record = archive[path]
                if record != nil { recorded += 1 }
                if !renamed, let record, isSettled(path, record) { continue }
                outcomes[path] = decideOrFail(path)
            }
            for path in container.keys where local[path] == nil && (unknown.isEmpty || !isUnknown(path)) {
                if archive[path] != nil { recorded += 1 }
                outcomes[path] = decideOrFail(path)
            }
        }
        if recorded < archive.count {
            for path in archive.keys
            where local[path] == nil && container[path] == nil && (unknown.isEmpty || !isUnknown(path)) {
                outcomes[path] = decideOrFail(path)
            }
        }
        keepAncestors(of: &outcomes)
        // A name this plan removes from a side cannot collide there.
        removed = Set(
            outcomes.compactMap { path, outcome in
                if case .remove = outcome { return path }
                return nil
            })
        result.records.reserveCapacity(outcomes.count)
        // A new folder takes two actions (made, then given its mode): room for a folder in four
        // to do so, as growing by doubling would hold the old and new arrays at once.
        result.actions.reserveCapacity(outcomes.count + outcomes.count / 4)
        // Keeping or dropping a record needs no order; everything that acts is emitted in path
        // order, so plans and conflict copy names are the same on every run.
        var acting: [(path: RelativePath, outcome: Outcome)] = []
        for (path, outcome) in outcomes {
            switch outcome {
            case .keep, .nothing: emit(outcome, for: path)
            default: acting.append((path, outcome))
            }
        }
        for (path, outcome) in acting.sorted(by: { $0.path < $1.path }) {
            emit(outcome, for: path)
        }
        result.records.sort { $0.path < $1.path }
        // By phase, then path (folder removals deepest first), then the order the decisions made
        // them in (a replaced file goes to the trash before its successor is copied).
        // Indices are sorted, comparing the actions where they lie (copying two for each
        // comparison took ten reference count changes), and the actions moved into that order in
        // place: one array of actions is alive at a time (at 100,000 paths, 12 MiB each).
        var actions = result.actions
        result.actions = []
        var order = Array(actions.indices)
        actions.withUnsafeBufferPointer { all in
            order.sort { a, b in
                let (phase, other) = (all[a].phase, all[b].phase)
                if phase != other { return phase < other }
                if all[a].path != all[b].path {
                    return phase >= 4 ? all[b].path < all[a].path : all[a].path < all[b].path
                }
                return a < b
            }
        }
        Self.permute(&actions, into: &order)
        result.actions = actions
        return result
    }

    /// Puts `values` in `order` (`values[i]` becomes the old `values[order[i]]`) without a second
    /// array, following each cycle of the permutation; `order` is left as the identity. Values
    /// are moved, not copied (a copy and a destruction of each action changed its reference
    /// counts ten times). Stops the process unless `order` is a permutation of `values`'
    /// indices: the moves read and write through a pointer, where an index out of range or
    /// given twice would corrupt memory (a linear check, next to the sort that made `order`).
    static func permute<Value>(_ values: inout [Value], into order: inout [Int]) {
        precondition(order.count == values.count, "a permutation of every value")
        var seen = [Bool](repeating: false, count: order.count)
        for index in order {
            precondition(seen.indices.contains(index) && !seen[index], "a permutation of the values' indices")
            seen[index] = true
        }
        values.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where order[start] != start {
                let first = (base + start).move()
                var position = start
                while order[position] != start {
                    let next = order[position]
                    (base + position).moveInitialize(from: base + next, count: 1)
                    order[position] = position
                    position = next
                }
                (base + position).initialize(to: first)
                order[position] = position
            }
        }
    }

    /// What happens to one path.
    enum Outcome {
        /// Both sides agree; record them as they are (with this digest, if known). The entries are
        /// read again when emitted: an outcome per path stays small, which matters at 100,000.
        case keep(digest: ContentDigest?)
        /// The side's version wins and is copied (or created) on the other side.
        case propagate(from: SyncSide)
        /// Gone on both sides at the end (trashed where it still is).
        case remove
        /// Both changed differently (or a file against a folder).
        case conflict
        /// Nothing there, nothing to record.
        case nothing
        /// Cannot be decided (its contents cannot be read): left alone on both sides, reported.
        case failed(reason: String)
        /// Only the permission bits changed, on this side: they are given to the other side.
        case setMode(from: SyncSide)
    }

}

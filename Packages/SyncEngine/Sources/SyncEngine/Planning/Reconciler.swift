import FileTreeInterface
import Foundation

/// Decides, path by path, what a sync does: the decision table of DESIGN §5.
///
/// Pure logic over two scans and the archive; the only outside call is `digest`, asked when size
/// and time cannot tell whether content changed.
struct Reconciler {
    var local: [RelativePath: TreeEntry]
    var container: [RelativePath: TreeEntry]
    var archive: [RelativePath: ArchiveRecord]
    /// The archive as stored, before renames re-keyed `archive`.
    private let originalArchive: [RelativePath: ArchiveRecord]
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

    private var digests: [SyncSide: [RelativePath: ContentDigest]] = [.local: [:], .container: [:]]
    private var result = Result()
    private var names: [SyncSide: NameIndex] = [:]
    /// Paths this plan removes (on whichever side has them).
    private var removed: Set<RelativePath> = []
    private var created: [SyncSide: Set<RelativePath>] = [.local: [], .container: []]
    /// Paths inside a detected rename, whose actions and records depend on the rename's move.
    private var renameGroups: [(root: RelativePath, group: RelativePath)] = []
    /// Where a re-keyed entry still is on disk until the rename's move runs.
    private var diskPaths: [SyncSide: [RelativePath: RelativePath]] = [.local: [:], .container: [:]]
    /// Folders on each side that hold excluded entries (ignored names, the tool's own files).
    var holdsExcluded: [SyncSide: Set<RelativePath>] = [.local: [], .container: []]
    /// What each side's identities mean (``FileTreeInterface/SideCapabilities/identity``): only a
    /// file-system identity survives a rename and may differ for unchanged contents (a remount);
    /// a server's version (an ETag) changes with every write, so a new one is never waved through.
    var identityKinds: [SyncSide: SideCapabilities.IdentityKind] = [.local: .fileSystem, .container: .fileSystem]

    init(
        local: [RelativePath: TreeEntry], container: [RelativePath: TreeEntry], archive: [RelativePath: ArchiveRecord],
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

    mutating func run() throws -> Result {
        applyRenames()
        var outcomes: [RelativePath: Outcome] = [:]
        outcomes.reserveCapacity(max(local.count, container.count, archive.count))
        // Every path of either side or the archive, once, without building their union.
        let renamed = !renameGroups.isEmpty
        var recorded = 0  // archive paths seen on a side: when all are, none is left for the third pass
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
        result.actions.reserveCapacity(outcomes.count)
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
        // Sorting indices, not the actions themselves, keeps one copy of the actions alive at a time.
        let actions = result.actions
        let order = actions.indices.sorted { a, b in
            let (x, y) = (actions[a], actions[b])
            if x.phase != y.phase { return x.phase < y.phase }
            if x.path != y.path { return x.phase >= 4 ? y.path < x.path : x.path < y.path }
            return a < b
        }
        result.actions = []
        result.actions = order.map { actions[$0] }
        return result
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

    /// The decision for `path`, or, when deciding needs contents that cannot be read, a failure
    /// of that path alone: the rest of the plan goes on.
    private mutating func decideOrFail(_ path: RelativePath) -> Outcome {
        do {
            return try decide(path)
        } catch {
            return .failed(
                reason: "its contents cannot be read to compare them (\(error)); left as it is on both sides")
        }
    }

    private mutating func decide(_ path: RelativePath) throws -> Outcome {
        let l = local[path]
        let c = container[path]
        let record = archive[path]
        let lc = try change(.local, l, record)
        let cc = try change(.container, c, record)
        switch (lc, cc) {
        case (.absent, .absent), (.deleted, .deleted), (.deleted, .absent), (.absent, .deleted):
            return .nothing
        case (.unchanged, .unchanged):
            guard let l, let c else { return .nothing }
            if let record, let side = ModeChange.changedSide(local: l, container: c, record: record) {
                return .setMode(from: side)
            }
            return .keep(digest: record?.digest)
        case (.created, .absent), (.modified, .unchanged), (.modified, .deleted), (.modified, .absent),
            (.created, .deleted):
            return kindsAgreeOrAbsent(l, c) ? .propagate(from: .local) : .conflict
        case (.absent, .created), (.unchanged, .modified), (.deleted, .modified), (.absent, .modified),
            (.deleted, .created):
            return kindsAgreeOrAbsent(l, c) ? .propagate(from: .container) : .conflict
        case (.created, .unchanged), (.unchanged, .created):
            // An unchanged side with no record cannot happen; treat as both present.
            return try bothPresent(path, l, c, record)
        case (.deleted, .unchanged):
            return .remove
        case (.unchanged, .deleted):
            return .remove
        case (.created, .created), (.modified, .modified), (.created, .modified), (.modified, .created):
            return try bothPresent(path, l, c, record)
        case (.unchanged, .absent), (.absent, .unchanged):
            return .nothing
        }
    }

    /// The reasons of most actions, made once: a first sync of 100,000 files would otherwise hold
    /// 100,000 copies of the same text.
    private static let created = Dictionary(
        uniqueKeysWithValues: SyncSide.allCases.map { ($0, "created on the \($0) side") })
    private static let changed = Dictionary(
        uniqueKeysWithValues: SyncSide.allCases.map { ($0, "changed on the \($0) side") })

    private func kindsAgreeOrAbsent(_ l: TreeEntry?, _ c: TreeEntry?) -> Bool {
        guard let l, let c else { return true }
        return l.kind == c.kind && l.kind == .directory || (l.kind == .file && c.kind == .file)
    }

    /// Both sides have something that changed: equal content is just recorded, else a conflict.
    private mutating func bothPresent(_ path: RelativePath, _ l: TreeEntry?, _ c: TreeEntry?, _ record: ArchiveRecord?)
        throws -> Outcome
    {
        guard let l, let c else { return .nothing }
        if l.kind == .directory && c.kind == .directory { return .keep(digest: nil) }
        guard l.kind == .file && c.kind == .file else { return .conflict }
        guard l.size == c.size else { return .conflict }
        let ld = try cachedDigest(.local, l)
        let cd = try cachedDigest(.container, c)
        return ld == cd ? .keep(digest: ld) : .conflict
    }

    /// How one side changed since the archive.
    private mutating func change(_ side: SyncSide, _ entry: TreeEntry?, _ record: ArchiveRecord?) throws -> Change {
        switch (entry, record) {
        case (nil, nil): return .absent
        case (.some, nil): return .created
        case (nil, .some): return .deleted
        case (let entry?, let record?):
            if entry.kind != record.kind { return .modified }
            if entry.kind == .directory { return .unchanged(refresh: false) }
            if record.snapshot(side).matches(entry) { return .unchanged(refresh: false) }
            if identityKinds[side] == .fileSystem, record.snapshot(side).differsOnlyByIdentity(entry) {
                return .unchanged(refresh: true)
            }
            if entry.size != record.size { return .modified }
            guard let known = record.digest else { return .modified }
            return try cachedDigest(side, entry) == known ? .unchanged(refresh: true) : .modified
        }
    }

    private mutating func cachedDigest(_ side: SyncSide, _ entry: TreeEntry) throws -> ContentDigest {
        if let known = digests[side]?[entry.path] { return known }
        let onDisk = diskPaths[side]?[entry.path].map { entry.moved(to: $0) } ?? entry
        let value = try digest(side, onDisk)
        digests[side]?[entry.path] = value
        return value
    }

    // MARK: Emitting actions

    private mutating func emit(_ outcome: Outcome, for path: RelativePath) {
        switch outcome {
        case .nothing:
            if originalArchive[path] != nil { addRecord(RecordUpdate(path: path, change: .remove, group: path)) }
        case .keep(let digest):
            guard let l = local[path], let c = container[path] else { return }
            let record = ArchiveRecord(
                path: path, kind: l.kind, size: l.size, digest: digest ?? digests[.local]?[path],
                local: SideSnapshot(l), container: SideSnapshot(c))
            if originalArchive[path] != record {
                addRecord(RecordUpdate(path: path, change: .set, group: path, record: record))
            }
        case .propagate(let from):
            propagate(path, from: from)
        case .remove:
            for side in SyncSide.allCases {
                guard let entry = entries(side)[path] else { continue }
                if entry.kind == .directory {
                    add(
                        SyncAction(
                            .removeDirectory, on: side, path: path, expected: entry, group: path,
                            reason: "deleted on the \(side.other) side"))
                } else {
                    add(
                        SyncAction(
                            .trash, on: side, path: path, expected: entry, group: path, isDeletion: true,
                            reason: "deleted on the \(side.other) side"))
                }
            }
            addRecord(RecordUpdate(path: path, change: .remove, group: path))
        case .conflict:
            resolveConflict(path)
        case .failed(let reason):
            result.unsynced.append(UnsyncedPath(side: nil, path: path, reason: reason))
        case .setMode(let side):
            guard let source = entries(side)[path], let target = entries(side.other)[path], let record = archive[path]
            else { return }
            let (action, update) = ModeChange.propagation(from: side, source: source, target: target, record: record)
            add(action)
            addRecord(update)
        }
    }

    private mutating func propagate(_ path: RelativePath, from side: SyncSide) {
        guard let entry = entries(side)[path] else { return }
        let target = side.other
        let existing = entries(target)[path]
        if !guardCollision(path, on: target, existing: existing) { return }
        let why = archive[path] == nil ? Self.created[side] ?? "" : Self.changed[side] ?? ""
        switch entry.kind {
        case .directory:
            if existing == nil {
                add(SyncAction(.makeDirectory, on: target, path: path, group: path, reason: why))
                add(
                    SyncAction(
                        .setPermissions, on: target, path: path, source: path, expected: entry, group: path, reason: why
                    ))
            }
        case .file, .symbolicLink:
            if let existing {
                add(
                    SyncAction(
                        .trash, on: target, path: path, expected: existing, group: path,
                        reason: "replaced by the \(side) side's version"))
            }
            add(SyncAction(.copy, on: target, path: path, source: path, expected: entry, group: path, reason: why))
        }
        addRecord(RecordUpdate(path: path, change: .refresh, group: path, digest: digests[side]?[path]))
    }

    /// Refuses to create a name on `side` that collides with another one by case or normalization.
    private mutating func guardCollision(_ path: RelativePath, on side: SyncSide, existing: TreeEntry?) -> Bool {
        // Only names already on that side count: names this plan adds from one side came from a
        // file system that holds them apart, and a copy never replaces, so a folding file system
        // refuses the second one (reported) rather than overwriting.
        guard existing == nil else { return true }
        if names[side] == nil {
            // Built on first need: folding every name is costly, and most syncs create nothing.
            names[side] = NameIndex(entries(side).keys.filter { !removed.contains($0) })
        }
        guard let other = names[side]?.collision(for: path) else { return true }
        let resolution =
            "not copied: the \(side) side has \"\(other)\", which differs only by case or Unicode normalization"
        result.conflicts.append(ConflictReport(path: path, kind: .nameCollision, keptAs: nil, resolution: resolution))
        result.unsynced.append(UnsyncedPath(side: side.other, path: path, reason: resolution + "; rename one of them"))
        return false
    }

    private mutating func resolveConflict(_ path: RelativePath) {
        guard let l = local[path], let c = container[path] else { return }
        if l.kind != c.kind {
            resolveFileAndFolder(path, l, c)
            return
        }
        let newer: SyncSide = c.modificationNanoseconds > l.modificationNanoseconds ? .container : .local
        let winner: SyncSide =
            switch options.policy {
            case .keepBoth, .newer: newer
            case .local: .local
            case .container: .container
            }
        let loser = winner.other
        let winning = winner == .local ? l : c
        let losing = winner == .local ? c : l
        if options.policy != .keepBoth {
            add(
                SyncAction(
                    .trash, on: loser, path: path, expected: losing, group: path,
                    reason:
                        "conflict: the \(winner) side's version wins (\(options.policy.rawValue)); this one is in the trash"
                ))
            add(
                SyncAction(
                    .copy, on: loser, path: path, source: path, expected: winning, group: path,
                    reason: "conflict: the \(winner) side's version wins"))
            addRecord(RecordUpdate(path: path, change: .refresh, group: path))
            result.conflicts.append(
                ConflictReport(
                    path: path, kind: .bothModified, keptAs: nil,
                    resolution: "the \(winner) side's version won; the \(loser) side's version is in its trash"))
            return
        }
        let copyName = conflictName(for: path, loser: loser)
        add(
            SyncAction(
                .move, on: loser, path: copyName, source: path, expected: losing, group: path,
                reason: "conflict: the \(loser) side's version is kept as a conflict copy"))
        add(
            SyncAction(
                .copy, on: loser, path: path, source: path, expected: winning, group: path,
                reason: "conflict: the newer version keeps the name"))
        add(
            SyncAction(
                .copy, on: winner, path: copyName, source: copyName, expected: losing, group: path,
                reason: "conflict copy from the \(loser) side"))
        addRecord(RecordUpdate(path: path, change: .refresh, group: path))
        addRecord(RecordUpdate(path: copyName, change: .refresh, group: path))
        result.conflicts.append(
            ConflictReport(
                path: path, kind: .bothModified, keptAs: copyName,
                resolution: "the newer (\(winner)) version keeps the name; the other is kept as \(copyName.name)"))
    }

    private mutating func resolveFileAndFolder(_ path: RelativePath, _ l: TreeEntry, _ c: TreeEntry) {
        let fileSide: SyncSide = l.kind == .directory ? .container : .local
        let file = fileSide == .local ? l : c
        if let record = archive[path], record.kind == .file, record.snapshot(fileSide).matches(file),
            holdsConflictCopy(of: file, at: path, from: fileSide)
        {
            replaceUnchangedFile(path, file, on: fileSide, by: fileSide == .local ? c : l)
            return
        }
        let copyName = conflictName(for: path, loser: fileSide)
        add(
            SyncAction(
                .move, on: fileSide, path: copyName, source: path, expected: file, group: path,
                reason: "conflict: a folder on the other side keeps the name"))
        add(
            SyncAction(
                .makeDirectory, on: fileSide, path: path, group: path, reason: "conflict: the folder keeps the name"))
        add(
            SyncAction(
                .setPermissions, on: fileSide, path: path, source: path, expected: fileSide == .local ? c : l,
                group: path,
                reason: "conflict: the folder keeps the name"))
        add(
            SyncAction(
                .copy, on: fileSide.other, path: copyName, source: copyName, expected: file, group: path,
                reason: "conflict copy from the \(fileSide) side"))
        addRecord(RecordUpdate(path: path, change: .refresh, group: path))
        addRecord(RecordUpdate(path: copyName, change: .refresh, group: path))
        result.conflicts.append(
            ConflictReport(
                path: path, kind: .fileAndFolder, keptAs: copyName,
                resolution: "the folder keeps the name; the \(fileSide) side's file is kept as \(copyName.name)"))
    }

    /// Whether the side opposite `side` already keeps `file` as a conflict copy beside `path` (same
    /// size and contents): another machine resolved this file-against-folder conflict already.
    private mutating func holdsConflictCopy(of file: TreeEntry, at path: RelativePath, from side: SyncSide) -> Bool {
        let candidates = entries(side.other).filter { candidate, entry in
            entry.kind == .file && entry.size == file.size && candidate.parent == path.parent
                && ConflictName.isCopy(candidate.name, of: path.name)
        }
        guard !candidates.isEmpty, let digest = try? cachedDigest(side, file) else { return false }
        return candidates.values.contains { (try? cachedDigest(side.other, $0)) == digest }
    }

    /// The file on `side` is as last synced, the other side made a folder of its name, and keeps
    /// this very file as a conflict copy beside it (its machine resolved the conflict): the
    /// file goes to this side's trash (first, so the folder can take its name), the folder is made,
    /// and the copy arrives as any new file does. A second conflict copy would only repeat it.
    private mutating func replaceUnchangedFile(
        _ path: RelativePath, _ file: TreeEntry, on side: SyncSide, by folder: TreeEntry
    ) {
        var trash = SyncAction(
            .trash, on: side, path: path, expected: file, group: path, isDeletion: true,
            reason: "replaced by a folder on the \(side.other) side; this version is in the trash")
        trash.phase = 0
        add(trash)
        add(SyncAction(.makeDirectory, on: side, path: path, group: path, reason: "a folder on the \(side.other) side"))
        add(
            SyncAction(
                .setPermissions, on: side, path: path, source: path, expected: folder, group: path,
                reason: "a folder on the \(side.other) side"))
        addRecord(RecordUpdate(path: path, change: .refresh, group: path))
    }

    private mutating func conflictName(for path: RelativePath, loser: SyncSide) -> RelativePath {
        let machineName = loser == .local ? machine : otherMachine
        let name = ConflictName.make(for: path, date: now, machine: machineName) { candidate in
            local[candidate] != nil || container[candidate] != nil || archive[candidate] != nil
                || created[.local]?.contains(candidate) == true || created[.container]?.contains(candidate) == true
        }
        created[.local]?.insert(name)
        created[.container]?.insert(name)
        return name
    }

    func entries(_ side: SyncSide) -> [RelativePath: TreeEntry] {
        side == .local ? local : container
    }

    private mutating func add(_ action: SyncAction) {
        var action = action
        action.group = group(for: action.group)
        result.actions.append(action)
    }

    private mutating func addRecord(_ update: RecordUpdate) {
        var update = update
        update.group = group(for: update.group)
        result.records.append(update)
    }

    private func group(for path: RelativePath) -> RelativePath {
        renameGroups.first { path.isWithin($0.root) }?.group ?? path
    }

    /// Turns detected renames into moves on the other side, and re-keys that side and the archive
    /// as if the move were done, so the rest of the plan sees the renamed tree.
    private mutating func applyRenames() {
        var detector = RenameDetector(local: local, container: container, archive: archive) { [digest] side, entry in
            try digest(side, entry)
        }
        detector.identityKinds = identityKinds
        let renames = detector.detect()
        for rename in renames {
            let other = rename.side.other
            guard let moving = entries(other)[rename.from] else { continue }
            add(
                SyncAction(
                    .move, on: other, path: rename.to, source: rename.from, expected: moving, group: rename.to,
                    reason: "renamed from \(rename.from) on the \(rename.side) side"))
            var view = entries(other)
            for (path, entry) in view where path.isWithin(rename.from) {
                let target = path.rebased(from: rename.from, to: rename.to)
                view[path] = nil
                view[target] = entry.moved(to: target)
                diskPaths[other]?[target] = path
            }
            if other == .local { local = view } else { container = view }
            for (path, record) in archive where path.isWithin(rename.from) {
                archive[path] = nil
                let target = path.rebased(from: rename.from, to: rename.to)
                archive[target] = record.moved(to: target)
                addRecord(RecordUpdate(path: path, change: .remove, group: rename.to))
            }
            renameGroups.append((rename.to, rename.to))
        }
    }
}

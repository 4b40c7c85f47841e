import FileTreeInterface
import Foundation

/// Turning outcomes into actions and archive updates.
extension Reconciler {
    /// The reasons of most actions, made once: a first sync of 100,000 files would otherwise hold
    /// 100,000 copies of the same text.
    static let created = Dictionary(
        uniqueKeysWithValues: SyncSide.allCases.map { ($0, "created on the \($0) side") })
    static let changed = Dictionary(
        uniqueKeysWithValues: SyncSide.allCases.map { ($0, "changed on the \($0) side") })

    mutating func emit(_ outcome: Outcome, for path: RelativePath) {
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

    mutating func propagate(_ path: RelativePath, from side: SyncSide) {
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
    mutating func guardCollision(_ path: RelativePath, on side: SyncSide, existing: TreeEntry?) -> Bool {
        // Only names already on that side count: names this plan adds from one side came from a
        // file system that holds them apart, and a copy never replaces, so a folding file system
        // refuses the second one (reported) rather than overwriting.
        guard existing == nil else { return true }
        if names[side] == nil {
            // Built on first need: folding every name is costly, and most syncs create nothing.
            let removed = removed
            names[side] = NameIndex(entries(side).keys.filter { !removed.contains($0) })
        }
        guard let other = names[side]?.collision(for: path) else { return true }
        let resolution =
            "not copied: the \(side) side has \"\(other)\", which differs only by case or Unicode normalization"
        result.conflicts.append(ConflictReport(path: path, kind: .nameCollision, keptAs: nil, resolution: resolution))
        result.unsynced.append(UnsyncedPath(side: side.other, path: path, reason: resolution + "; rename one of them"))
        return false
    }

    func entries(_ side: SyncSide) -> PathTable<TreeEntry> {
        side == .local ? local : container
    }

    mutating func add(_ action: SyncAction) {
        var action = action
        action.group = group(for: action.group)
        result.actions.append(action)
    }

    mutating func addRecord(_ update: RecordUpdate) {
        var update = update
        update.group = group(for: update.group)
        result.records.append(update)
    }

    func group(for path: RelativePath) -> RelativePath {
        renameGroups.first { path.isWithin($0.root) }?.group ?? path
    }

    /// Turns detected renames into moves on the other side, and re-keys that side and the archive
}

import FileTreeInterface
import Foundation

/// Conflicts: both sides changed differently, or a file against a folder; nothing is lost.
extension Reconciler {
    mutating func resolveConflict(_ path: RelativePath) {
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

    mutating func resolveFileAndFolder(_ path: RelativePath, _ l: TreeEntry, _ c: TreeEntry) {
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
    mutating func holdsConflictCopy(of file: TreeEntry, at path: RelativePath, from side: SyncSide) -> Bool {
        let candidates = entries(side.other).filter { candidate, entry in
            entry.kind == .file && entry.size == file.size && candidate.parent == path.parent
                && ConflictName.isCopy(candidate.name, of: path.name)
        }
        guard !candidates.isEmpty, let digest = try? cachedDigest(side, file) else { return false }
        return candidates.contains { (try? cachedDigest(side.other, $0.value)) == digest }
    }

    /// The file on `side` is as last synced, the other side made a folder of its name, and keeps
    /// this very file as a conflict copy beside it (its machine resolved the conflict): the
    /// file goes to this side's trash (first, so the folder can take its name), the folder is made,
    /// and the copy arrives as any new file does. A second conflict copy would only repeat it.
    mutating func replaceUnchangedFile(
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

    mutating func conflictName(for path: RelativePath, loser: SyncSide) -> RelativePath {
        let machineName = loser == .local ? machine : otherMachine
        let name = ConflictName.make(for: path, date: now, machine: machineName) { candidate in
            local[candidate] != nil || container[candidate] != nil || archive[candidate] != nil
                || conflictNames.contains(candidate)
        }
        conflictNames.insert(name)
        return name
    }
}

import FileTreeInterface

extension SideSnapshot {
    /// Whether `entry`'s permission bits differ from the recorded ones (never when unknown).
    func modeChanged(_ entry: TreeEntry) -> Bool {
        guard let permissions else { return false }
        return permissions != entry.permissions & 0o777
    }

    /// Whether the recorded permission bits are known and are `entry`'s.
    func sameMode(_ entry: TreeEntry) -> Bool {
        permissions == entry.permissions & 0o777
    }
}

/// A change of permission bits alone (`chmod +x`, a folder made private): the other side gets the
/// new mode with ``SyncAction/Operation/setPermissions``, and nothing is copied.
enum ModeChange {
    /// The side whose mode changed since the record while the other side's did not (so its mode
    /// is given to the other side); nil when neither or both changed, or modes are unknown.
    static func changedSide(local l: TreeEntry, container c: TreeEntry, record: ArchiveRecord) -> SyncSide? {
        guard l.kind == c.kind, l.kind != .symbolicLink, l.permissions & 0o777 != c.permissions & 0o777 else {
            return nil
        }
        switch (record.local.modeChanged(l), record.container.modeChanged(c)) {
        case (true, false): return .local
        case (false, true): return .container
        default: return nil
        }
    }

    /// The action giving `source`'s mode to `target` (the same path on the other side), and the
    /// record the path has once it is done (both sides as planned, the target with the new mode).
    static func propagation(
        from side: SyncSide, source: TreeEntry, target: TreeEntry, record: ArchiveRecord
    ) -> (action: SyncAction, update: RecordUpdate) {
        let path = source.path
        let action = SyncAction(
            .setPermissions, on: side.other, path: path, source: path, expected: source, group: path,
            reason: "permissions changed on the \(side) side")
        var changed = SideSnapshot(target)
        changed.permissions = source.permissions & 0o777
        let (local, container) = side == .local ? (SideSnapshot(source), changed) : (changed, SideSnapshot(source))
        let updated = ArchiveRecord(
            path: path, kind: source.kind, size: local.size, digest: record.digest,
            local: local, container: container)
        return (action, RecordUpdate(path: path, change: .set, group: path, record: updated))
    }
}

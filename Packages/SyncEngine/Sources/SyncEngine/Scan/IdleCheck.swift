import FileTreeInterface

/// Whether a sync has nothing at all to do: both sides list exactly the archive's paths, each
/// as recorded (kind, size, identity, and a file's time), with nothing unreadable and no warning.
///
/// Then the full decision (tables of both sides, every path decided, renames looked for) would
/// produce an empty plan; this finds it out in one pass over the two scans and the records, all
/// three in path order. Most syncs of a big tree are of this kind.
enum IdleCheck {
    static func holds(local: SideView, container: SideView, archive: ArchiveRecords) -> Bool {
        guard local.unknown.isEmpty, container.unknown.isEmpty, local.warnings.isEmpty, container.warnings.isEmpty,
            local.listed.count == archive.count, container.listed.count == archive.count
        else { return false }
        for ((l, c), record) in zip(zip(local.listed, container.listed), archive.table.inOrder) {
            guard l.path == c.path, l.path == record.path, l.kind == c.kind, record.kind == l.kind,
                record.local.describes(l), record.container.describes(c)
            else { return false }
        }
        return true
    }
}

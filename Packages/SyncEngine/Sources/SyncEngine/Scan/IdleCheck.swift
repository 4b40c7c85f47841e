import FileTreeInterface

/// Whether a sync has nothing at all to do: both sides list exactly the archive's paths, each
/// as recorded (kind, size, identity, and a file's time), with nothing unreadable and no warning.
///
/// Then the full decision (tables of both sides, every path decided, renames looked for) would
/// produce an empty plan; this finds it out in one pass over each scan and the records, all in
/// path order. Most syncs of a big tree are of this kind.
enum IdleCheck {
    static func holds(local: SideView, container: SideView, archive: ArchiveRecords) -> Bool {
        matches(local, side: .local, archive: archive) && matches(container, side: .container, archive: archive)
    }

    /// Whether `view`, the scan of `side`, lists exactly the archive's paths, each as recorded on
    /// that side, with nothing unreadable and no warning: that side has nothing to tell the other.
    static func matches(_ view: SideView, side: SyncSide, archive: ArchiveRecords) -> Bool {
        guard view.unknown.isEmpty, view.warnings.isEmpty, view.listed.count == archive.count else { return false }
        // Both read in place: copying each entry and record out (and releasing the copies) and
        // comparing every record's path with the archive's next change cost this pass, which runs
        // after both scans, 2,400 instructions a path.
        return view.listed.withUnsafeBufferPointer { entries in
            var index = 0
            return archive.table.allInOrder { record in
                defer { index += 1 }
                return index < entries.count && agree(entries[index], record, side)
            }
        }
    }

    /// Whether `entry` is at `record`'s path, of its kind, and as recorded on `side`.
    private static func agree(_ entry: borrowing TreeEntry, _ record: borrowing ArchiveRecord, _ side: SyncSide) -> Bool
    {
        entry.path == record.path && entry.kind == record.kind
            && (side == .local ? record.local : record.container).describes(entry)
    }
}

import FileTreeInterface

/// What one pass over the two scans, in path order, tells the decision before it starts: which
/// paths need deciding at all, and whether each side lost any recorded path.
///
/// A file on both sides exactly as the archive records it is *settled*: its decision would keep
/// the same record. In a sync where 1% changed, 99% of the paths are; finding them by merging the
/// two sorted scans with the records, also in path order, costs a comparison or two a path,
/// where asking each side's table for every path (and every record, for renames) cost five
/// lookups.
struct Settlement: Equatable {
    /// The paths listed on either side that are not settled, in path order.
    var unsettled: [RelativePath]
    /// How many recorded paths each side lists: fewer than the archive holds means that side
    /// deleted or renamed something.
    var recorded: [SyncSide: Int]
    /// How many recorded paths either side lists.
    var recordedOnEither: Int

    /// Whether `l` and `c`, one path's entries on the two sides, are the files `record` describes.
    static func settles(_ record: ArchiveRecord, local l: TreeEntry, container c: TreeEntry) -> Bool {
        l.kind == .file && c.kind == .file && record.kind == .file && record.local.matches(l)
            && record.container.matches(c) && record.local.sameMode(l) && record.container.sameMode(c)
    }

    /// Merges two scans listed in path order (for a path listed twice, the first entry counts, as
    /// in the side's table).
    ///
    /// The scans are read where they lie, by index, and each record is taken once: copying
    /// entries and records out several times a path (and counting in a dictionary) cost this
    /// pass, which runs after both scans, 4,500 instructions a path.
    /// - Returns: nil when a scan is not in path order: then the decision looks at every path.
    static func of(
        local: [TreeEntry], container: [TreeEntry], archive: PathTable<ArchiveRecord>
    ) -> Settlement? {
        local.withUnsafeBufferPointer { local in
            container.withUnsafeBufferPointer { container in merge(local, container, archive.inOrder) }
        }
    }

    private static func merge(
        _ local: UnsafeBufferPointer<TreeEntry>, _ container: UnsafeBufferPointer<TreeEntry>,
        _ records: PathTable<ArchiveRecord>.InOrder
    ) -> Settlement? {
        var unsettled: [RelativePath] = []
        var (recordedLocally, recordedInContainer, recordedOnEither) = (0, 0, 0)
        var (i, j) = (0, 0)  // the next local and container entries
        // The first record not before the paths merged so far, and its path on its own (reading
        // a record's path where it lies copied the whole record each time).
        var records = records
        var record = records.next()
        var recordPath = record?.path
        while i < local.count || j < container.count {
            // Equality first, here and for the record: it is the usual case, and cheaper to tell
            // than order (three comparisons of order fewer a path: 430 instructions).
            let onLocal: Bool
            let onContainer: Bool
            if i < local.count && j < container.count {
                let same = local[i].path == container[j].path
                onLocal = same || local[i].path < container[j].path
                onContainer = same || !onLocal
            } else {
                (onLocal, onContainer) = (i < local.count, j < container.count)
            }
            let here = onLocal ? local[i].path : container[j].path
            let (l, c) = (i, j)
            // Past this path (a path listed twice counts once), and the next one must come after it.
            if onLocal {
                repeat { i += 1 } while i < local.count && local[i].path == here
                if i < local.count && !(here < local[i].path) { return nil }
            }
            if onContainer {
                repeat { j += 1 } while j < container.count && container[j].path == here
                if j < container.count && !(here < container[j].path) { return nil }
            }
            while let path = recordPath, path != here, path < here {
                record = records.next()
                recordPath = record?.path
            }
            guard let record, recordPath == here else {
                unsettled.append(here)
                continue
            }
            recordedOnEither += 1
            if onLocal { recordedLocally += 1 }
            if onContainer { recordedInContainer += 1 }
            if onLocal && onContainer && settles(record, local: local[l], container: container[c]) { continue }
            unsettled.append(here)
        }
        return Settlement(
            unsettled: unsettled, recorded: [.local: recordedLocally, .container: recordedInContainer],
            recordedOnEither: recordedOnEither)
    }
}

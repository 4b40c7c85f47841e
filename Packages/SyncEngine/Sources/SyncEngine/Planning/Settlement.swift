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
    var unsettled: [RelativePath] = []
    /// How many recorded paths each side lists: fewer than the archive holds means that side
    /// deleted or renamed something.
    var recorded: [SyncSide: Int] = [.local: 0, .container: 0]
    /// How many recorded paths either side lists.
    var recordedOnEither = 0

    /// Whether `l` and `c`, one path's entries on the two sides, are the files `record` describes.
    static func settles(_ record: ArchiveRecord, local l: TreeEntry, container c: TreeEntry) -> Bool {
        l.kind == .file && c.kind == .file && record.kind == .file && record.local.matches(l)
            && record.container.matches(c) && record.local.sameMode(l) && record.container.sameMode(c)
    }

    /// Merges two scans listed in path order (for a path listed twice, the first entry counts, as
    /// in the side's table).
    /// - Returns: nil when a scan is not in path order: then the decision looks at every path.
    static func of(
        local: [TreeEntry], container: [TreeEntry], archive: PathTable<ArchiveRecord>
    ) -> Settlement? {
        var records = archive.inOrder
        var record = records.next()  // the first record not before the paths merged so far
        var settlement = Settlement()
        var (i, j) = (0, 0)
        var previous: RelativePath?
        while i < local.count || j < container.count {
            let l = i < local.count ? local[i] : nil
            let c = j < container.count ? container[j] : nil
            let here: (path: RelativePath, local: TreeEntry?, container: TreeEntry?)
            switch (l, c) {
            case (let l?, let c?) where l.path == c.path: here = (l.path, l, c)
            case (let l?, let c?): here = l.path < c.path ? (l.path, l, nil) : (c.path, nil, c)
            case (let l?, nil): here = (l.path, l, nil)
            case (nil, let c?): here = (c.path, nil, c)
            case (nil, nil): return settlement
            }
            if let previous, !(previous < here.path) { return nil }
            previous = here.path
            while i < local.count && local[i].path == here.path { i += 1 }
            while j < container.count && container[j].path == here.path { j += 1 }
            while let before = record, before.path < here.path { record = records.next() }
            guard let record, record.path == here.path else {
                settlement.unsettled.append(here.path)
                continue
            }
            settlement.recordedOnEither += 1
            if here.local != nil { settlement.recorded[.local, default: 0] += 1 }
            if here.container != nil { settlement.recorded[.container, default: 0] += 1 }
            if let l = here.local, let c = here.container, settles(record, local: l, container: c) { continue }
            settlement.unsettled.append(here.path)
        }
        return settlement
    }
}

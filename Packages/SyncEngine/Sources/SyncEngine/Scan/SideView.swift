import FileTreeInterface
import Foundation

/// One side's scan, filtered for sync: excluded names removed, links and unreadable paths
/// remembered as unknown, unusable names as not synced (see `setAsideOddEntries`).
struct SideView {
    /// The entries, in path order (as the scan listed them).
    var listed: [TreeEntry] = []
    var unknown: [RelativePath] = []
    var warnings: [String] = []
    /// Names this side cannot sync (reported; the rest of their folder syncs).
    var unsynced: [UnsyncedPath] = []
    var fileCount: Int { listed.reduce(0) { $0 + ($1.kind == .file ? 1 : 0) } }

    /// The entries by path, the first listed for a path kept: over the listing itself when it is
    /// in path order, as a scan's is.
    var entries: PathTable<TreeEntry> { PathTable(listed) }

    init() {}

    /// Folders holding excluded entries (which therefore cannot be removed).
    var holdsExcluded: Set<RelativePath> = []
    /// Temporary files an interrupted sync of this side's root left behind (named for this root:
    /// a user's file of that shape, or another pair's in-flight copy, is not one).
    var leftovers: [RelativePath] = []

    /// - Parameter root: the side's root; leftovers are the excluded temporary names made for it.
    init(scan: TreeScan, side: SyncSide, excluded: [RelativePath] = [], root: URL? = nil) {
        leftovers = root.map { root in excluded.filter { StagedCopy.isTemporaryName($0.name, madeIn: root) } } ?? []
        for path in excluded where !leftovers.contains(path) {  // leftovers are removed before apply
            var folder = path.parent
            while !folder.isRoot, holdsExcluded.insert(folder).inserted { folder = folder.parent }
        }
        listed = scan.entries
        setAsideOddEntries(problems: scan.problems, side: side)
    }
}

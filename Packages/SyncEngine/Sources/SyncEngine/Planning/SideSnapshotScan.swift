import FileTreeInterface
import Foundation

/// One side's scan, filtered for sync: excluded names removed, links skipped with a warning,
/// unreadable folders remembered as unknown.
struct SideView {
    var entries: [RelativePath: TreeEntry] = [:]
    var unknown: [RelativePath] = []
    var warnings: [String] = []
    var fileCount: Int { entries.values.reduce(0) { $0 + ($1.kind == .file ? 1 : 0) } }

    init() {}

    /// Folders holding excluded entries (which therefore cannot be removed).
    var holdsExcluded: Set<RelativePath> = []
    /// Temporary files an interrupted sync left behind.
    var leftovers: [RelativePath] = []

    init(scan: TreeScan, side: SyncSide, excluded: [RelativePath] = []) {
        leftovers = excluded.filter { StagedCopy.isTemporaryName($0.name) }
        for path in excluded where !StagedCopy.isTemporaryName(path.name) {  // leftovers are removed before apply
            var folder = path.parent
            while !folder.isRoot, holdsExcluded.insert(folder).inserted { folder = folder.parent }
        }
        entries.reserveCapacity(scan.entries.count)
        for entry in scan.entries {
            if entry.kind == .symbolicLink {
                warnings.append("\(side): \(entry.path) is a symbolic link; links are not synced")
                continue
            }
            entries[entry.path] = entry
        }
        for problem in scan.problems {
            unknown.append(problem.path)
            warnings.append("\(side): \(problem); left as it is")
        }
    }
}

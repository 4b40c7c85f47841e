import FileTreeInterface
import FileTreeMock
import Foundation

/// A scanner that lists the Mock world as ``MockTreeScanner`` does, except that the entry at
/// `special` below `root` reads as the Live scanner reports a device, socket or pipe: a
/// ``ScanProblem`` for that path, and no entry at or below it (the Mock cannot hold special files).
struct SpecialEntryScanner: TreeScanning {
    let base: MockTreeScanner
    let root: URL
    let special: RelativePath

    func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        var scan = try base.scan(root: root, excluding: excluding)
        guard
            root.standardizedFileURL.path(percentEncoded: false)
                == self.root.standardizedFileURL.path(percentEncoded: false),
            scan.entries.contains(where: { $0.path == special })
        else { return scan }
        scan.entries.removeAll { $0.path.isWithin(special) }
        scan.problems.append(
            ScanProblem(
                path: special, reason: "skipped: not a file, folder or symbolic link (a device, socket or pipe)"))
        return scan
    }

    func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? {
        try base.entry(at: path, in: root)
    }
}

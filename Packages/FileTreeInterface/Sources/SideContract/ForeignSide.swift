import FileTreeInterface
import Foundation

/// A side of "another kind": forwards every call to `base` but is not the type `base` is, so a
/// copy from it cannot take an implementation's direct path and must stream (what a copy from a
/// server to a local folder does).
struct ForeignSide: SyncSideProviding {
    let base: any SyncSideProviding

    var capabilities: SideCapabilities { base.capabilities }
    var location: String { "foreign:" + base.location }

    func scan(excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan { try base.scan(excluding: excluding) }
    func entry(at path: RelativePath) throws -> TreeEntry? { try base.entry(at: path) }
    func makeDirectory(_ path: RelativePath) throws { try base.makeDirectory(path) }
    func removeItem(_ path: RelativePath) throws { try base.removeItem(path) }
    func removeEmptyFolder(_ path: RelativePath) throws { try base.removeEmptyFolder(path) }
    func moveItem(_ source: RelativePath, to destination: RelativePath) throws {
        try base.moveItem(source, to: destination)
    }
    func setPermissions(_ permissions: UInt32, of path: RelativePath) throws {
        try base.setPermissions(permissions, of: path)
    }
    func flush() throws { try base.flush() }
    func digest(of path: RelativePath) throws -> ContentDigest { try base.digest(of: path) }

    func read(_ path: RelativePath, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        try base.read(path, expected: expected, into: sink)
    }

    func stageCopy(
        of sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry, to destination: RelativePath
    ) throws -> StagedCopy {
        try base.stageCopy(of: sourcePath, from: source, expected: expected, to: destination)
    }

    func commit(_ staged: [StagedCopy]) -> [Result<TreeEntry, TreeError>] { base.commit(staged) }
    func discard(_ staged: [StagedCopy]) { base.discard(staged) }
    func readDocument(named name: String) throws -> Data? { try base.readDocument(named: name) }
    func writeDocument(_ data: Data, named name: String) throws { try base.writeDocument(data, named: name) }
}

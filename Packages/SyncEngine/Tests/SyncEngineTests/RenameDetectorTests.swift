import FileTreeInterface
import Testing

@testable import SyncEngine

/// The rename detector on its own, over maps built by hand: the cases a whole sync reaches only
/// with a server that hands out the same version to two files.
@Suite("Rename detection")
struct RenameDetectorTests {
    func entry(_ path: String, size: Int64, time: Int64, identity: FileIdentity) throws -> TreeEntry {
        TreeEntry(
            path: try RelativePath(path), kind: .file, size: size, modificationNanoseconds: time, identity: identity,
            permissions: 0o644)
    }

    @Test("on a server side, a new file sharing a deleted file's ETag but not its size is no rename of it")
    func sharedVersionIsNoRename() throws {
        let etag = FileIdentity(version: "\"shared\"")
        let local = try entry("a.txt", size: 3, time: 10, identity: FileIdentity(device: 1, inode: 2))
        let record = ArchiveRecord(
            path: local.path, kind: .file, size: 3, digest: ContentDigest(of: Array("abc".utf8)),
            local: SideSnapshot(local), container: SideSnapshot(size: 3, modificationNanoseconds: 10, identity: etag))
        let newcomer = try entry("b.txt", size: 5, time: 20, identity: etag)
        func detector(_ kind: SideCapabilities.IdentityKind) -> RenameDetector {
            RenameDetector(
                local: [local.path: local], container: [newcomer.path: newcomer], archive: [local.path: record],
                digest: { _, entry in ContentDigest(of: Array("\(entry.path.text) \(entry.size)".utf8)) },
                identityKinds: [.local: .fileSystem, .container: kind])
        }
        #expect(detector(.serverVersion).detect().isEmpty)
        // Where identities are the file system's, the same identity is the same file: a rename.
        #expect(
            detector(.fileSystem).detect()
                == [RenameDetector.Rename(side: .container, from: local.path, to: newcomer.path)])
    }

    @Test("a file moved out of a folder that was renamed too is left to the normal rules; the folder's rename stands")
    func moveOutOfRenamedFolder() throws {
        func folder(_ path: String, inode: UInt64) throws -> TreeEntry {
            TreeEntry(
                path: try RelativePath(path), kind: .directory, size: 0, modificationNanoseconds: 1,
                identity: FileIdentity(device: 1, inode: inode), permissions: 0o755)
        }
        let oldFolder = try folder("d", inode: 10)
        let oldFile = try entry("d/x.txt", size: 3, time: 10, identity: FileIdentity(device: 1, inode: 11))
        var archive: PathTable<ArchiveRecord> = [:]
        for old in [oldFolder, oldFile] {
            archive[old.path] = ArchiveRecord(
                path: old.path, kind: old.kind, size: old.size, digest: nil, local: SideSnapshot(old),
                container: SideSnapshot(old))
        }
        func moved(_ old: TreeEntry, to path: String) throws -> TreeEntry {
            TreeEntry(
                path: try RelativePath(path), kind: old.kind, size: old.size,
                modificationNanoseconds: old.modificationNanoseconds, identity: old.identity,
                permissions: old.permissions)
        }
        let newFolder = try moved(oldFolder, to: "e")
        let newFile = try moved(oldFile, to: "y.txt")
        let detector = RenameDetector(
            local: [newFolder.path: newFolder, newFile.path: newFile],
            container: [oldFolder.path: oldFolder, oldFile.path: oldFile], archive: archive,
            digest: { _, _ in ContentDigest(of: []) })
        #expect(detector.detect() == [RenameDetector.Rename(side: .local, from: oldFolder.path, to: newFolder.path)])
    }
}

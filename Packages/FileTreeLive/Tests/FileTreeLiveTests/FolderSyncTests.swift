import FileTreeInterface
import Foundation
import POSIXSupport
import Synchronization
import Testing

@testable import FileTreeLive

/// Durability is invisible on a running machine (only a crash shows a missing `fsync`), so these
/// tests record which folders the mutator syncs instead of calling `fsync`.
@Suite("Each change is made durable by syncing exactly the folders it changed, and only when asked")
final class FolderSyncTests: Sendable {
    let folder: TemporaryFolder
    let synced = Mutex<[UInt64]>([])  // inodes of the folders synced, in order

    init() throws {
        folder = try TemporaryFolder()
        for name in ["a", "b"] { _ = try folder.folder(name) }
        for name in ["a/file", "a/moved"] { try Data("x".utf8).write(to: folder.url.appending(path: name)) }
    }

    func mutator(syncingEachChange: Bool = true) -> POSIXTreeMutator {
        POSIXTreeMutator(syncingEachChange: syncingEachChange, roots: RootDescriptors()) {
            [self] folder throws(SystemCallError) in
            let inode = try FileStatus.of(descriptor: folder).inode
            self.synced.withLock { $0.append(inode) }
        }
    }

    func inode(_ name: String) throws -> UInt64 {
        try FileStatus.of(folder.url.appending(path: name).path(percentEncoded: false)).inode
    }

    @Test("a new folder, a removal and a move within one folder each sync that folder once")
    func changesInOneFolder() throws {
        let mutator = mutator()
        try mutator.makeDirectory(try RelativePath("a/new"), in: folder.url)
        try mutator.removeItem(try RelativePath("a/file"), in: folder.url)
        try mutator.removeEmptyFolder(try RelativePath("a/new"), in: folder.url)
        try mutator.moveItem(try RelativePath("a/moved"), to: try RelativePath("a/renamed"), in: folder.url)
        let a = try inode("a")
        #expect(synced.withLock { $0 } == [a, a, a, a])
    }

    @Test("a move between folders syncs the destination's folder, then the source's")
    func moveBetweenFolders() throws {
        try mutator().moveItem(try RelativePath("a/moved"), to: try RelativePath("b/moved"), in: folder.url)
        #expect(synced.withLock { $0 } == [try inode("b"), try inode("a")])
    }

    @Test("left to flush, no change syncs a folder (where syncfs exists)")
    func leftToFlush() throws {
        try #require(FileDescriptor.hasFileSystemSync)
        let mutator = mutator(syncingEachChange: false)
        try mutator.makeDirectory(try RelativePath("a/new"), in: folder.url)
        try mutator.removeItem(try RelativePath("a/file"), in: folder.url)
        try mutator.moveItem(try RelativePath("a/moved"), to: try RelativePath("b/moved"), in: folder.url)
        #expect(synced.withLock { $0 }.isEmpty)
    }
}

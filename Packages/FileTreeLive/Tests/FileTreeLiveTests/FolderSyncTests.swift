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
    let syncedFileSystems = Mutex(0)  // how many times the whole file system was synced

    init() throws {
        folder = try TemporaryFolder()
        for name in ["a", "b"] { _ = try folder.folder(name) }
        for name in ["a/file", "a/moved"] { try Data("x".utf8).write(to: folder.url.appending(path: name)) }
    }

    func mutator(syncingEachChange: Bool = true) -> POSIXTreeMutator {
        POSIXTreeMutator(
            syncingEachChange: syncingEachChange, roots: RootDescriptors(),
            syncFolder: { [self] folder throws(SystemCallError) in
                let inode = try FileStatus.of(descriptor: folder).inode
                self.synced.withLock { $0.append(inode) }
            },
            syncFileSystem: { [self] _ throws(SystemCallError) in self.syncedFileSystems.withLock { $0 += 1 } })
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

    @Test("left to flush, a flush syncs each folder changed since the last one, once, and not the file system")
    func flushSyncsChangedFolders() throws {
        try #require(FileDescriptor.hasFileSystemSync)
        let mutator = mutator(syncingEachChange: false)
        try mutator.makeDirectory(try RelativePath("a/new"), in: folder.url)
        try mutator.removeItem(try RelativePath("a/file"), in: folder.url)
        try mutator.moveItem(try RelativePath("a/moved"), to: try RelativePath("b/moved"), in: folder.url)
        try mutator.flush(folder.url)
        #expect(Set(synced.withLock { $0 }) == [try inode("a"), try inode("b")])
        #expect(synced.withLock { $0 }.count == 2 && syncedFileSystems.withLock { $0 } == 0)
        try mutator.flush(folder.url)
        #expect(synced.withLock { $0 }.count == 2 && syncedFileSystems.withLock { $0 } == 0, "nothing changed since")
    }

    @Test("a flush of an outer root covers changes made under a root inside it")
    func flushCoversInnerRoots() throws {
        try #require(FileDescriptor.hasFileSystemSync)
        let mutator = mutator(syncingEachChange: false)
        try mutator.makeDirectory(try RelativePath("new"), in: folder.url.appending(path: "a"))
        try mutator.flush(folder.url)
        #expect(synced.withLock { $0 } == [try inode("a")])
    }

    @Test("past 64 changed folders, a gone folder, or a changed permission, a flush syncs the file system instead")
    func flushFallsBackToFileSystem() throws {
        try #require(FileDescriptor.hasFileSystemSync)
        let many = mutator(syncingEachChange: false)
        for index in 0...PendingFolders.folderLimit {
            try many.makeDirectory(try RelativePath("m\(index)"), in: folder.url)
            try many.makeDirectory(try RelativePath("m\(index)/inner"), in: folder.url)
        }
        try many.flush(folder.url)
        #expect(synced.withLock { $0 }.isEmpty && syncedFileSystems.withLock { $0 } == 1)

        let moving = mutator(syncingEachChange: false)
        try moving.makeDirectory(try RelativePath("a/new"), in: folder.url)
        try moving.makeDirectory(try RelativePath("a/new/inner"), in: folder.url)
        try moving.moveItem(try RelativePath("a/new"), to: try RelativePath("b/new"), in: folder.url)
        try moving.flush(folder.url)  // "a/new" changed, then went: only a file-system sync covers it
        #expect(syncedFileSystems.withLock { $0 } == 2)

        let chmod = mutator(syncingEachChange: false)
        try chmod.setPermissions(0o600, of: try RelativePath("a/file"), in: folder.url)
        try chmod.flush(folder.url)
        #expect(syncedFileSystems.withLock { $0 } == 3)
    }

    @Test("a failed sync keeps the changes pending: the next flush tries them again")
    func failedFlushKeepsChanges() throws {
        try #require(FileDescriptor.hasFileSystemSync)
        let failing = Mutex(true)
        let mutator = POSIXTreeMutator(
            syncingEachChange: false, roots: RootDescriptors(),
            syncFolder: { [self] folder throws(SystemCallError) in
                if failing.withLock({ $0 }) { throw SystemCallError(code: EIO, operation: "fsync", path: "") }
                let inode = try FileStatus.of(descriptor: folder).inode
                self.synced.withLock { $0.append(inode) }
            },
            syncFileSystem: { _ throws(SystemCallError) in })
        try mutator.makeDirectory(try RelativePath("a/new"), in: folder.url)
        #expect(throws: TreeError.self) { try mutator.flush(folder.url) }
        failing.withLock { $0 = false }
        try mutator.flush(folder.url)
        #expect(synced.withLock { $0 } == [try inode("a")])
    }
}

import Foundation
import POSIXSupport
import Testing

@Suite("Entries of an open folder: walk, list, make, remove, rename, links")
struct FolderEntryTests {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "posix-support-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The errno `body` failed with, or nil when it succeeded.
    func code(_ body: () throws -> Void) -> Int32? {
        do {
            try body()
            return nil
        } catch {
            return (error as? SystemCallError)?.code ?? -1
        }
    }

    @Test("syncFileSystem flushes through a folder's descriptor, and a closed descriptor is EBADF naming the call")
    func syncFileSystem() throws {
        var root = try FileDescriptor.directory(path)
        try AtomicFileWriter.write(Data("x".utf8), to: path + "/file")
        try root.syncFileSystem()
        try root.close()
        do {
            try root.syncFileSystem()
            Issue.record("syncfs on a closed descriptor succeeded")
        } catch {
            #expect(error.code == EBADF && error.operation == "syncfs")
        }
    }

    @Test("folder(named:in:) opens a folder and refuses a file or a symbolic link to a folder")
    func walkRefusesLinks() throws {
        let root = try FileDescriptor.directory(path)
        try FolderEntry.makeFolder(named: "sub", in: root)
        try SymbolicLink.create(named: "link", in: root, target: "sub")
        try AtomicFileWriter.write(Data("x".utf8), to: path + "/file")
        _ = try FileDescriptor.folder(named: "sub", in: root)
        #expect([ELOOP, ENOTDIR].contains(code { _ = try FileDescriptor.folder(named: "link", in: root) }))
        #expect(code { _ = try FileDescriptor.folder(named: "file", in: root) } == ENOTDIR)
        #expect(code { _ = try FileDescriptor.folder(named: "missing", in: root) } == ENOENT)
    }

    @Test("rawNames lists bytes, including a name that is not valid UTF-8, and can list twice")
    func rawNames() throws {
        let root = try FileDescriptor.directory(path)
        try FolderEntry.makeFolder(named: "a", in: root)
        let invalid: [UInt8] = [0x62, 0xFF, 0x63]
        let fd = invalid.withUnsafeBufferPointer { buffer in
            var name = buffer.map { CChar(bitPattern: $0) }
            name.append(0)
            return openat(root.rawValue, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        }
        #expect(fd >= 0)
        close(fd)
        let first = try DirectoryListing.rawNames(in: root).map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
        #expect(first == [Array("a".utf8), invalid])
        #expect(try DirectoryListing.rawNames(in: root).count == 2)
    }

    @Test("rawNames leaves out . and .. only: names of dots and names starting with dots stay")
    func dottedNames() throws {
        let root = try FileDescriptor.directory(path)
        let names = ["...", ".a", "..b", "a.", ".", "x", String(repeating: "n", count: 255)]
        for name in names where name != "." {
            try AtomicFileWriter.write(Data(), to: path + "/" + name)
        }
        let listed = try DirectoryListing.rawNames(in: root).map { String(decoding: $0, as: UTF8.self) }
        #expect(listed.sorted() == names.filter { $0 != "." }.sorted())
    }

    @Test("makeFolder fails with EEXIST on anything, a dangling link included")
    func makeFolderExists() throws {
        let root = try FileDescriptor.directory(path)
        try SymbolicLink.create(named: "dangling", in: root, target: "nowhere")
        #expect(code { try FolderEntry.makeFolder(named: "dangling", in: root) } == EEXIST)
        #expect(try SymbolicLink.target(of: "dangling", in: root) == "nowhere")
    }

    @Test("remove takes a file, a link without its target, an empty folder, and refuses a full one")
    func remove() throws {
        let root = try FileDescriptor.directory(path)
        try FolderEntry.makeFolder(named: "empty", in: root)
        try FolderEntry.makeFolder(named: "full", in: root)
        try AtomicFileWriter.write(Data("x".utf8), to: path + "/full/x")
        try SymbolicLink.create(named: "link", in: root, target: "full")
        try AtomicFileWriter.write(Data("y".utf8), to: path + "/file")
        for name in ["file", "link", "empty"] { try FolderEntry.remove(named: name, in: root) }
        #expect([ENOTEMPTY, EEXIST].contains(code { try FolderEntry.remove(named: "full", in: root) }))
        #expect(code { try FolderEntry.remove(named: "missing", in: root) } == ENOENT)
        #expect(try DirectoryListing.names(in: path) == ["full"])
        #expect(try DirectoryListing.names(in: path + "/full") == ["x"])
    }

    @Test("renameWithoutReplacing moves between folders and never replaces")
    func renameNoReplace() throws {
        let root = try FileDescriptor.directory(path)
        try FolderEntry.makeFolder(named: "to", in: root)
        let to = try FileDescriptor.folder(named: "to", in: root)
        try AtomicFileWriter.write(Data("a".utf8), to: path + "/a")
        try AtomicFileWriter.write(Data("b".utf8), to: path + "/to/b")
        #expect(code { try FolderEntry.renameWithoutReplacing("a", in: root, to: "b", in: to) } == EEXIST)
        try FolderEntry.renameWithoutReplacing("a", in: root, to: "c", in: to)
        #expect(try DirectoryListing.names(in: path + "/to").sorted() == ["b", "c"])
        #expect(try FileContents.read(path + "/to/b") == Data("b".utf8))
        #expect(code { try FolderEntry.renameWithoutReplacing("a", in: root, to: "d", in: to) } == ENOENT)
    }

    @Test("copy moves every byte and forEachChunk hands them over in pieces", arguments: [0, 1, 3_000_001])
    func copyAndChunks(size: Int) throws {
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try AtomicFileWriter.write(data, to: path + "/source")
        let source = try FileDescriptor(opening: path + "/source", flags: O_RDONLY)
        var target = try FileDescriptor(opening: path + "/target", flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        #expect(try FileContents.copy(from: source, to: target) == Int64(size))
        try target.close()
        #expect(try FileContents.read(path + "/target") == data)

        let reread = try FileDescriptor(opening: path + "/target", flags: O_RDONLY)
        var pieces = 0
        var collected = Data()
        try FileContents.forEachChunk(of: reread, chunkSize: 1 << 20) { chunk in
            pieces += 1
            collected.append(contentsOf: chunk)
        }
        #expect(collected == data)
        #expect(pieces == (size + (1 << 20) - 1) >> 20)
    }

    @Test(
        "copy between two file systems falls back to read and write",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm")))
    func copyAcrossFileSystems() throws {
        let data = Data((0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try AtomicFileWriter.write(data, to: path + "/source")
        let other = "/dev/shm/posix-support-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: other) }
        let source = try FileDescriptor(opening: path + "/source", flags: O_RDONLY)
        var target = try FileDescriptor(opening: other, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        #expect(try FileContents.copy(from: source, to: target) == Int64(data.count))
        try target.close()
        #expect(try FileContents.read(other) == data)
    }

    @Test("setPermissions sets exact bits, ignoring the umask")
    func permissions() throws {
        let file = try FileDescriptor(opening: path + "/f", flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        try file.setPermissions(0o751)
        #expect(try FileStatus.of(path + "/f").permissions == 0o751)
    }
}

import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

@Suite("POSIXFileCopier beyond the contract")
struct POSIXFileCopierTests {
    @Test(
        "a copy across two file systems (no copy_file_range) keeps bytes, time and permissions",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm")))
    func acrossFileSystems() throws {
        let folder = try TemporaryFolder()
        let source = URL(filePath: "/dev/shm/file-tree-live-\(UUID().uuidString)", directoryHint: .isDirectory)
        try makeFolder(source.path, permissions: 0o755)
        defer { try? FileManager.default.removeItem(at: source) }
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        let time: Int64 = 1_234_567_890_987_654_321
        try AtomicFileWriter.write(
            bytes, to: source.appending(path: "big").path, mode: .exactly(0o640), modificationNanoseconds: time)
        let path = try RelativePath("big")
        let expected = try #require(try POSIXTreeScanner().entry(at: path, in: source))
        let copied = try POSIXFileCopier().copyFile(path, in: source, expected: expected, to: path, in: folder.url)
        #expect(try FileContents.read(folder.url.appending(path: "big").path) == bytes)
        #expect(
            copied.modificationNanoseconds == time && copied.permissions == 0o640 && copied.size == Int64(bytes.count))
        #expect(try DirectoryListing.names(in: folder.url.path) == ["big"])
    }

    @Test("a source written to after it was scanned is not copied, and no temporary file is left")
    func changedAfterScan() throws {
        let folder = try TemporaryFolder()
        let source = try folder.folder("source")
        let destination = try folder.folder("destination")
        let file = source.appending(path: "doc")
        try AtomicFileWriter.write(Data("version 1".utf8), to: file.path, modificationNanoseconds: 1_000_000_000)
        let path = try RelativePath("doc")
        let scanned = try #require(try POSIXTreeScanner().entry(at: path, in: source))
        let handle = try FileDescriptor(opening: file.path, flags: O_WRONLY | O_APPEND)
        try FileContents.write(Data(" and more".utf8), to: handle)
        #expect(throws: TreeError.sourceChanged(path)) {
            try POSIXFileCopier().copyFile(path, in: source, expected: scanned, to: path, in: destination)
        }
        #expect(try DirectoryListing.names(in: destination.path).isEmpty)
    }

    @Test("a sparse file arrives sparse: 64 MiB with one 4 KiB block of data at the end stays small")
    func sparse() throws {
        let folder = try TemporaryFolder()
        let source = try folder.folder("source")
        let destination = try folder.folder("destination")
        let size = 64 << 20
        let block = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 1) })
        let file = try FileDescriptor(
            opening: source.appending(path: "sparse").path, flags: O_WRONLY | O_CREAT, mode: 0o644)
        let written = block.withUnsafeBytes {
            pwrite(file.rawValue, $0.baseAddress, $0.count, off_t(size - block.count))
        }
        #expect(written == block.count)
        let path = try RelativePath("sparse")
        let expected = try #require(try POSIXTreeScanner().entry(at: path, in: source))
        _ = try POSIXFileCopier().copyFile(path, in: source, expected: expected, to: path, in: destination)

        var status = stat()
        #expect(lstat(destination.appending(path: "sparse").path, &status) == 0)
        #expect(Int(status.st_size) == size)
        #expect(Int(status.st_blocks) * 512 <= 1 << 20, "the copy holds \(Int(status.st_blocks) * 512) bytes on disk")
        let copy = try FileDescriptor(opening: destination.appending(path: "sparse").path, flags: O_RDONLY)
        var tail = Data(count: block.count + 1)
        let read = tail.withUnsafeMutableBytes {
            pread(copy.rawValue, $0.baseAddress, $0.count, off_t(size - block.count - 1))
        }
        #expect(read == block.count + 1 && tail.first == 0 && tail.dropFirst() == block)
        #expect(
            try POSIXFileCopier().digest(of: path, in: destination) == POSIXFileCopier().digest(of: path, in: source))
    }

    @Test("a copy is a new file: later writes to the source do not show through it")
    func independentCopy() throws {
        let folder = try TemporaryFolder()
        let root = folder.url
        try AtomicFileWriter.write(Data("original".utf8), to: root.appending(path: "a").path)
        let a = try RelativePath("a")
        let b = try RelativePath("b")
        let expected = try #require(try POSIXTreeScanner().entry(at: a, in: root))
        _ = try POSIXFileCopier().copyFile(a, in: root, expected: expected, to: b, in: root)
        let handle = try FileDescriptor(opening: root.appending(path: "a").path, flags: O_WRONLY)
        try FileContents.write(Data("CHANGED!".utf8), to: handle)
        #expect(try FileContents.read(root.appending(path: "b").path) == Data("original".utf8))
    }
}

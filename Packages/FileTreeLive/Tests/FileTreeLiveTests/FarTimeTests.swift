import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Files dated past 2262 or before 1677 (beyond Int64 nanoseconds) never trap")
struct FarTimeTests {
    /// 2300-01-01T00:00:00Z, in seconds since 1970.
    static let year2300: Int = 10_413_792_000
    /// 1600-01-01T00:00:00Z, in seconds since 1970.
    static let year1600: Int = -11_676_096_000

    /// Sets a file's access and modification times, as `touch -d` does.
    static func touch(_ path: String, seconds: Int, nanoseconds: Int = 0) {
        let times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    /// A file's modification time as the system has it.
    static func modification(_ path: String) -> (seconds: Int, nanoseconds: Int) {
        var status = stat()
        #expect(lstat(path, &status) == 0)
        return (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
    }

    @Test("a 2300 file and folder scan saturated to Int64.max; a copy keeps the real time on disk and scans equal")
    func after2262() throws {
        let folder = try TemporaryFolder()
        let source = try folder.folder("source")
        let destination = try folder.folder("destination")
        let file = source.appending(path: "future").path
        try AtomicFileWriter.write(Data("from the future".utf8), to: file)
        Self.touch(file, seconds: Self.year2300, nanoseconds: 123)
        _ = try folder.folder("source/later")
        Self.touch(source.appending(path: "later").path, seconds: Self.year2300)

        let scanner = POSIXTreeScanner()
        let scan = try scanner.scan(root: source) { _, _ in false }
        #expect(scan.entries.map(\.modificationNanoseconds) == [.max, .max])
        let path = try RelativePath("future")
        let expected = try #require(scan.entries.first { $0.path == path })
        let copied = try POSIXFileCopier().copyFile(path, in: source, expected: expected, to: path, in: destination)
        let arrived = Self.modification(destination.appending(path: "future").path)
        #expect(arrived.seconds == Self.year2300 && arrived.nanoseconds == 123)
        #expect(copied.modificationNanoseconds == .max)
        #expect(
            try scanner.entry(at: path, in: destination)?.modificationNanoseconds == expected.modificationNanoseconds)
    }

    @Test(
        "a file dated 1600 scans saturated to Int64.min and copies with its real time",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm")))
    func before1677() throws {
        // ext4 cannot hold times before 1901; tmpfs can.
        let root = URL(filePath: "/dev/shm/file-tree-live-\(UUID().uuidString)", directoryHint: .isDirectory)
        try makeFolder(root.path, permissions: 0o755)
        defer { try? FileManager.default.removeItem(at: root) }
        try makeFolder(root.appending(path: "source").path, permissions: 0o755)
        try makeFolder(root.appending(path: "destination").path, permissions: 0o755)
        let source = root.appending(path: "source", directoryHint: .isDirectory)
        let destination = root.appending(path: "destination", directoryHint: .isDirectory)
        let file = source.appending(path: "past").path
        try AtomicFileWriter.write(Data("from the past".utf8), to: file)
        Self.touch(file, seconds: Self.year1600, nanoseconds: 7)

        let path = try RelativePath("past")
        let expected = try #require(try POSIXTreeScanner().entry(at: path, in: source))
        #expect(expected.modificationNanoseconds == .min)
        _ = try POSIXFileCopier().copyFile(path, in: source, expected: expected, to: path, in: destination)
        let arrived = Self.modification(destination.appending(path: "past").path)
        #expect(arrived.seconds == Self.year1600 && arrived.nanoseconds == 7)
    }
}

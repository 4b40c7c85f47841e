import Foundation
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Far-off file times and sparse files")
struct FileTimeAndHolesTests {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "posix-support-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @Test(
        "nanoseconds saturate at both ends of Int64 instead of trapping",
        arguments: [
            (Int64(0), Int64(5), Int64(5)),
            (Int64(-1), Int64(999_999_999), Int64(-1)),
            (Int64(9_223_372_036), Int64(854_775_807), Int64.max),
            (Int64(9_223_372_036), Int64(854_775_808), Int64.max),
            (Int64(10_413_792_000), Int64(0), Int64.max),
            (Int64(-11_676_096_000), Int64(0), Int64.min),
            (Int64.max, Int64(999_999_999), Int64.max),
            (Int64.min, Int64(0), Int64.min),
        ])
    func saturation(seconds: Int64, nanoseconds: Int64, expected: Int64) {
        #expect(FileStatus.Time(seconds: seconds, nanoseconds: nanoseconds).saturatedNanoseconds == expected)
    }

    @Test("a file dated 2300 has a saturated nanosecond time and its exact time, which setModificationTime copies")
    func year2300() throws {
        let file = try FileDescriptor(opening: path + "/future", flags: O_WRONLY | O_CREAT, mode: 0o644)
        let year2300 = FileStatus.Time(seconds: 10_413_792_000, nanoseconds: 42)
        try AtomicFileWriter.setModificationTime(of: file, to: year2300)
        let status = try FileStatus.of(path + "/future")
        #expect(status.modificationNanoseconds == .max)
        #expect(status.modificationTime == year2300)
    }

    @Test("copyKeepingHoles copies data extents only: 64 MiB with 4 KiB of data stays small, and reads the same")
    func holes() throws {
        let size = 64 << 20
        let block = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &+ 1) })
        let source = try FileDescriptor(opening: path + "/sparse", flags: O_RDWR | O_CREAT, mode: 0o644)
        let head = block.withUnsafeBytes { pwrite(source.rawValue, $0.baseAddress, $0.count, 0) }
        let tail = block.withUnsafeBytes { pwrite(source.rawValue, $0.baseAddress, $0.count, off_t(size / 2)) }
        #expect(head == block.count && tail == block.count)
        #expect(ftruncate(source.rawValue, off_t(size)) == 0)  // a hole at the end, too
        let copy = try FileDescriptor(opening: path + "/copy", flags: O_WRONLY | O_CREAT, mode: 0o644)
        #expect(try FileContents.copyKeepingHoles(from: source, to: copy) == Int64(size))

        var status = stat()
        #expect(fstat(copy.rawValue, &status) == 0)
        #expect(Int(status.st_size) == size)
        #expect(Int(status.st_blocks) * 512 <= 1 << 20, "the copy holds \(Int(status.st_blocks) * 512) bytes on disk")
        #expect(try FileContents.read(path + "/copy") == FileContents.read(path + "/sparse"))
    }

    @Test("copyKeepingHoles copies a file without holes whole, and an empty file as empty")
    func dense() throws {
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try AtomicFileWriter.write(bytes, to: path + "/dense")
        try AtomicFileWriter.write(Data(), to: path + "/empty")
        for name in ["dense", "empty"] {
            let source = try FileDescriptor(opening: path + "/" + name, flags: O_RDONLY)
            let copy = try FileDescriptor(opening: path + "/" + name + ".copy", flags: O_WRONLY | O_CREAT, mode: 0o644)
            try FileContents.copyKeepingHoles(from: source, to: copy)
            #expect(try FileContents.read(path + "/" + name + ".copy") == FileContents.read(path + "/" + name))
        }
    }

    @Test(
        "copyKeepingHoles across file systems (the kernel refuses its copy from tmpfs to here): each extent lands at its offset, holes kept",
        .enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm")))
    func acrossFileSystems() throws {
        let other = "/dev/shm/posix-support-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let size = 8 << 20
        let block = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ 1) })
        let sparse = try FileDescriptor(opening: other + "/sparse", flags: O_RDWR | O_CREAT, mode: 0o644)
        for offset in [0, size / 2 + 8192] {
            #expect(block.withUnsafeBytes { pwrite(sparse.rawValue, $0.baseAddress, $0.count, off_t(offset)) } == 4096)
        }
        #expect(ftruncate(sparse.rawValue, off_t(size)) == 0)
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 11) })
        try AtomicFileWriter.write(bytes, to: other + "/dense")
        for name in ["sparse", "dense"] {
            let source = try FileDescriptor(opening: other + "/" + name, flags: O_RDONLY)
            let copy = try FileDescriptor(opening: path + "/" + name, flags: O_WRONLY | O_CREAT, mode: 0o644)
            let length = try FileContents.copyKeepingHoles(from: source, to: copy)
            #expect(try FileContents.read(path + "/" + name) == FileContents.read(other + "/" + name), "\(name)")
            var status = stat()
            #expect(fstat(copy.rawValue, &status) == 0)
            #expect(Int64(status.st_size) == length)
            if name == "sparse" { #expect(Int(status.st_blocks) * 512 <= 1 << 20, "holes kept") }
        }
    }
}

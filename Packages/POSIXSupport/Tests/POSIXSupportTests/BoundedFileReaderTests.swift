import Foundation
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("BoundedFileReader refuses what is not a small regular file, without blocking")
final class BoundedFileReaderTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "bounded-reader-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func read(_ name: String, limit: Int = 1 << 20) -> Result<Data, BoundedReadError> {
        Result { () throws(BoundedReadError) in try BoundedFileReader.read(folder + "/" + name, limit: limit) }
    }

    @Test("a regular file reads whole, up to exactly the limit")
    func regular() throws {
        try Data("hello".utf8).write(to: URL(filePath: folder + "/f"))
        #expect(try read("f", limit: 5).get() == Data("hello".utf8))
        #expect(try read("f", limit: 0) == .failure(.tooLarge(path: folder + "/f", size: 5, limit: 0)))
        try Data().write(to: URL(filePath: folder + "/empty"))
        #expect(try read("empty", limit: 0).get().isEmpty)
    }

    @Test("a FIFO is refused at once: opening cannot block and nothing is read")
    func fifo() throws {
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(read("pipe") == .failure(.notARegularFile(path: folder + "/pipe", kind: .fifo)))
        #expect(
            BoundedReadError.notARegularFile(path: "/c/p", kind: .fifo).description
                == "/c/p: is a FIFO, not a regular file; refused")
    }

    @Test("a symbolic link to /dev/zero is refused, never followed")
    func linkToDevZero() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero", withDestinationPath: "/dev/zero")
        #expect(read("zero") == .failure(.symbolicLink(path: folder + "/zero")))
        #expect(
            BoundedReadError.symbolicLink(path: "/c/z").description
                == "/c/z: is a symbolic link; links are never followed")
    }

    @Test("a link to a regular file and a dangling link are refused alike")
    func links() throws {
        try Data("t".utf8).write(to: URL(filePath: folder + "/target"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/good", withDestinationPath: folder + "/target")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        #expect(read("good") == .failure(.symbolicLink(path: folder + "/good")))
        #expect(read("dangling") == .failure(.symbolicLink(path: folder + "/dangling")))
    }

    @Test("a device named directly is refused without reading")
    func device() {
        #expect(
            Result { () throws(BoundedReadError) in try BoundedFileReader.read("/dev/zero", limit: 16) }
                == .failure(.notARegularFile(path: "/dev/zero", kind: .characterDevice)))
    }

    @Test("a folder is EISDIR, and a file in place of a folder is ENOTDIR, each one sentence")
    func folderAndFile() throws {
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
        let folderError = try #require(read("dir").failure)
        #expect(folderError.code == EISDIR)
        #expect(folderError.description == "\(folder)/dir: is a folder, not a file")
        try Data("x".utf8).write(to: URL(filePath: folder + "/plain"))
        let below = try #require(read("plain/child").failure)
        #expect(below.code == ENOTDIR)
        #expect(below.description == "\(folder)/plain/child: a file is where a folder should be")
        #expect(read("missing").failure?.code == ENOENT)
    }

    @Test("a sparse 1 GiB file is refused from its size, without reading it")
    func sparseGiB() throws {
        let path = folder + "/huge"
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        let error = read("huge", limit: 256 << 20).failure
        #expect(error == .tooLarge(path: path, size: 1 << 30, limit: 256 << 20))
        #expect(error?.description == "\(path): 1 GiB is over the 256 MiB limit for the tool's own files")
    }

    @Test("a NUL byte in the path is EINVAL, not a read of the prefix")
    func nulByte() throws {
        try Data("a".utf8).write(to: URL(filePath: folder + "/a"))
        #expect(read("a\0b").failure?.code == EINVAL)
    }

    @Test(
        "byte counts read in binary units",
        arguments: [
            (Int64(0), "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"),
            (256 << 20, "256 MiB"), (Int64(3.1 * Double(1 << 30)), "3.1 GiB"), (Int64.max, "8 EiB"),
        ])
    func byteCounts(count: Int64, text: String) {
        #expect(ByteCountText.describe(count) == text)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

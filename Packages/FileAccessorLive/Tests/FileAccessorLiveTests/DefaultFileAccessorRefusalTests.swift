import FileAccessorInterface
import FileAccessorLive
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a hostile container can put where the tool expects its own file (issue 9 item 9,
/// issue 18 items 6 and 7): each is refused at once, in one sentence, and nothing is followed,
/// blocked on, or read without limit.
@Suite("DefaultFileAccessor refuses what is not a small regular file")
struct DefaultFileAccessorRefusalTests {
    let folder: TemporaryFolder
    let accessor = DefaultFileAccessor()

    init() throws {
        folder = try TemporaryFolder()
    }

    func path(_ name: String) -> String { folder.url.appending(path: name).path(percentEncoded: false) }

    @Test("a FIFO is refused at once (the open cannot block), with one sentence")
    func fifo() throws {
        #expect(mkfifo(path("data.json"), 0o600) == 0)
        let error = #expect(throws: FileAccessRefusal.self) {
            try accessor.read(from: folder.url.appending(path: "data.json"))
        }
        #expect(error == .notARegularFile(path: path("data.json"), kind: .fifo))
        #expect(error?.description == "\(path("data.json")): is a FIFO, not a regular file; refused")
    }

    @Test("a symbolic link to /dev/zero is refused without reading a byte")
    func linkToDevZero() throws {
        try FileManager.default.createSymbolicLink(atPath: path("data.json"), withDestinationPath: "/dev/zero")
        #expect(throws: FileAccessRefusal.symbolicLink(path: path("data.json"))) {
            try accessor.read(from: folder.url.appending(path: "data.json"))
        }
    }

    @Test("a link to a regular file is not followed either")
    func linkToFile() throws {
        try accessor.write(Data("t".utf8), to: folder.url.appending(path: "target"))
        try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: path("target"))
        #expect(throws: FileAccessRefusal.symbolicLink(path: path("link"))) {
            try accessor.read(from: folder.url.appending(path: "link"))
        }
    }

    @Test("a device named directly is refused without reading")
    func device() {
        #expect(throws: FileAccessRefusal.notARegularFile(path: "/dev/zero", kind: .characterDevice)) {
            try accessor.read(from: URL(filePath: "/dev/zero"))
        }
    }

    @Test("a sparse 1 GiB file is refused from its size by the default 256 MiB limit")
    func sparseGiB() throws {
        let fd = open(path("archive"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        let error = #expect(throws: FileAccessRefusal.self) {
            try accessor.read(from: folder.url.appending(path: "archive"))
        }
        #expect(error == .tooLarge(path: path("archive"), size: 1 << 30, limit: 256 << 20))
        #expect(error?.description == "\(path("archive")): 1 GiB is over the 256 MiB limit for the tool's own files")
    }

    @Test("a folder is still fileReadUnknown with EISDIR, the contract's kind")
    func folderKind() throws {
        try FileManager.default.createDirectory(atPath: path("data.json"), withIntermediateDirectories: false)
        let error = #expect(throws: CocoaError.self) {
            try accessor.read(from: folder.url.appending(path: "data.json"))
        }
        #expect(error?.code == .fileReadUnknown)
        #expect(error.flatMap(FileAccessError.underlyingErrno(of:)) == EISDIR)
    }

    @Test("a write to a\\0b refuses, and never writes the file a")
    func nulByteWrite() throws {
        let error = #expect(throws: CocoaError.self) {
            try accessor.write(Data("x".utf8), to: folder.url.appending(path: "a\u{0}b"))
        }
        #expect(error?.code == .fileWriteInvalidFileName)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path(percentEncoded: false)).isEmpty)
    }

    @Test("a write onto a symbolic link replaces the link; the target outside is untouched")
    func writeOntoLink() throws {
        let outside = try TemporaryFolder()
        let target = outside.url.appending(path: "victim")
        try accessor.write(Data("victim".utf8), to: target)
        try FileManager.default.createSymbolicLink(
            atPath: path("data.json"), withDestinationPath: target.path(percentEncoded: false))
        try accessor.write(Data("new".utf8), to: folder.url.appending(path: "data.json"))
        #expect(try Data(contentsOf: target) == Data("victim".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path("data.json"))) == nil)
        #expect(try Data(contentsOf: folder.url.appending(path: "data.json")) == Data("new".utf8))
    }

    @Test("a dangling link exists: it occupies the name, and links are not followed")
    func danglingLinkExists() throws {
        try FileManager.default.createSymbolicLink(
            atPath: path("dangling"), withDestinationPath: "/nonexistent/\(UUID())")
        #expect(accessor.fileExists(at: folder.url.appending(path: "dangling")))
    }

    @Test("DefaultFileAccessor() reads up to FileReadLimit.defaultBytes")
    func defaultLimit() {
        #expect(DefaultFileAccessor().readLimit == FileReadLimit.defaultBytes)
        #expect(DefaultFileAccessor(readLimit: 10).readLimit == 10)
    }
}

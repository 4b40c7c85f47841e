import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// A lower layer's error reads as one sentence about the path, never as "file error 256" or
/// "file error 512" (issue 9 item 9).
@Suite("UnderlyingError describes lower-layer errors in words")
struct UnderlyingErrorDescriptionTests {
    static func cocoa(_ code: CocoaError.Code, _ errno: POSIXErrorCode, _ path: String) -> CocoaError {
        CocoaError(code, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(errno)])
    }

    @Test(
        "CocoaError 256 and 512 are described from their POSIX error",
        arguments: [
            (cocoa(.fileReadUnknown, .EISDIR, "/c/p/data.json"), "/c/p/data.json: is a folder, not a file"),
            (cocoa(.fileWriteUnknown, .EISDIR, "/c/p/data.json"), "/c/p/data.json: is a folder, not a file"),
            (cocoa(.fileReadUnknown, .ENOTDIR, "/c/p/x"), "/c/p/x: a file is where a folder should be"),
            (cocoa(.fileWriteUnknown, .ENOTDIR, "/c/p/x"), "/c/p/x: a file is where a folder should be"),
            (cocoa(.fileReadUnknown, .ELOOP, "/c/l"), "/c/l: is a symbolic link; links are never followed"),
            (cocoa(.fileReadUnknown, .EIO, "/c/f"), "/c/f: an input/output error (the disk or the network failed)"),
            (cocoa(.fileWriteInvalidFileName, .EINVAL, "/c/a"), "/c/a: is not a valid file name (it holds a NUL byte)"),
            (cocoa(.fileReadInvalidFileName, .ENAMETOOLONG, "/c/a"), "/c/a: the name is too long"),
            (cocoa(.fileReadNoSuchFile, .ENOENT, "/c/m"), "/c/m: no such file"),
        ])
    func fromPOSIX(error: CocoaError, expected: String) {
        let description = UnderlyingError(error).description
        #expect(description == expected)
        #expect(!description.contains("file error"))
    }

    @Test("a code 256 or 512 with an errno that has no sentence still says which errno, not the code")
    func unknownErrno() {
        let read = UnderlyingError(Self.cocoa(.fileReadUnknown, .EPROTO, "/c/f")).description
        let written = UnderlyingError(CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "/c/g"])).description
        #expect(read == "/c/f: could not be read (errno \(POSIXErrorCode.EPROTO.rawValue))")
        #expect(written == "/c/g: could not be written")
    }

    @Test(
        "a refusal prints its own sentence",
        arguments: [
            FileAccessRefusal.notARegularFile(path: "/c/p/data.json", kind: .fifo),
            .symbolicLink(path: "/c/p/data.json"),
            .tooLarge(path: "/c/p/archive", size: 3 << 30, limit: 256 << 20),
        ])
    func refusal(_ refusal: FileAccessRefusal) {
        #expect(UnderlyingError(refusal).description == refusal.description)
    }

    @Test("SyncError.io names the path once when the lower layer names the same path")
    func pathOnce() {
        let refusal = FileAccessRefusal.notARegularFile(path: "/c/p/data.json", kind: .fifo)
        #expect(
            SyncError.wrap(refusal, path: "/c/p/data.json").description
                == "/c/p/data.json: is a FIFO, not a regular file; refused")
        let folder = Self.cocoa(.fileWriteUnknown, .ENOTDIR, "/c/p/.synccli-root")
        #expect(
            SyncError.wrap(folder, path: "/c/p").description
                == "/c/p: /c/p/.synccli-root: a file is where a folder should be")
    }

    @Test("a symbolic link planted as a state file stops the read with one clear sentence")
    func plantedLink() throws {
        let world = MockWorld()
        let url = URL(filePath: "/c/pairs.json")
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/c"))
            try tree.makeSymbolicLink(at: PathKey(url), target: "/dev/zero")
        }
        let error = #expect(throws: SyncError.self) { try MockFileAccessor(world: world).readIfPresent(url) }
        #expect(error?.description == "/c/pairs.json: is a symbolic link; links are never followed")
    }
}

import FileAccessorInterface
import FileAccessorLive
import Foundation
import Testing

@Suite("DefaultFileAccessor beyond the contract")
struct DefaultFileAccessorTests {
    @Test("an overwrite keeps the file's permission bits, where Foundation's .atomic resets them")
    func keepsMode() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appending(path: "secret")
        let accessor = DefaultFileAccessor()
        try accessor.write(Data("1".utf8), to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try accessor.write(Data("2".utf8), to: url)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("fileExists looks a path up as written: a space in it is not percent-encoded")
    func fileExistsWithSpace() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appending(path: "with space.txt")
        let accessor = DefaultFileAccessor()
        try accessor.write(Data("1".utf8), to: url)
        #expect(accessor.fileExists(at: url))
    }

    @Test("a failed write leaves the old contents and no temporary file")
    func failedWriteKeepsOld() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appending(path: "kept")
        let accessor = DefaultFileAccessor()
        try accessor.write(Data("old".utf8), to: url)
        // A folder in place of the final name makes the rename fail after the temporary file was written.
        let blocked = folder.url.appending(path: "blocked")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            at: blocked.appending(path: "inner"), withIntermediateDirectories: false)
        #expect(throws: CocoaError.self) { try accessor.write(Data("new".utf8), to: blocked) }
        #expect(try accessor.read(from: url) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["blocked", "kept"])
    }
}

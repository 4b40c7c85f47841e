import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@Suite("The guide's MockFileAccessor surface")
struct GuideSurfaceTests {
    let url = URL(filePath: "/tmp/test/data.json")

    @Test("files set by subscript read back, with their folders created")
    func filesSubscript() throws {
        let mock = MockFileAccessor()
        mock.files[url] = Data("hello".utf8)
        #expect(try mock.read(from: url) == Data("hello".utf8))
        #expect(mock.fileExists(at: url.deletingLastPathComponent()))
        #expect(mock.files == [url: Data("hello".utf8)])
    }

    @Test("removing an entry from files removes the file")
    func filesRemoval() throws {
        let mock = MockFileAccessor()
        mock.files[url] = Data("x".utf8)
        mock.files[url] = nil
        #expect(!mock.fileExists(at: url))
    }

    @Test("readError makes every read throw it")
    func readError() throws {
        let mock = MockFileAccessor()
        mock.files[url] = Data("x".utf8)
        mock.readError = CocoaError(.fileReadCorruptFile)
        #expect(throws: CocoaError(.fileReadCorruptFile)) { try mock.read(from: url) }
        mock.readError = nil
        #expect(try mock.read(from: url) == Data("x".utf8))
    }

    @Test("writeError makes every write throw it and change nothing")
    func writeError() throws {
        let mock = MockFileAccessor()
        mock.files[url] = Data("old".utf8)
        mock.writeError = CocoaError(.fileWriteOutOfSpace)
        #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try mock.write(Data("new".utf8), to: url) }
        #expect(mock.files[url] == Data("old".utf8))
    }

    @Test("every call is recorded with its outcome")
    func journal() throws {
        let mock = MockFileAccessor()
        mock.files[url] = Data("x".utf8)
        _ = try mock.read(from: url)
        _ = try? mock.read(from: URL(filePath: "/missing"))
        try mock.write(Data("y".utf8), to: url)
        let calls = mock.calls
        #expect(calls.map(\.operation) == [.read, .read, .write])
        #expect(calls[0].outcome == .succeeded)
        #expect(calls[1].url == URL(filePath: "/missing"))
        guard case .failed(let reason) = calls[1].outcome else {
            Issue.record("expected a failure, got \(calls[1].outcome)")
            return
        }
        #expect(!reason.isEmpty)
    }
}

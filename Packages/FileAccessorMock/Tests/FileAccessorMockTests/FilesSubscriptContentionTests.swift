import FileAccessorMock
import Foundation
import Testing

/// `mock.files[url] = data` is one atomic step (issue 18 item 10): a write another task makes
/// meanwhile is never undone. Whatever the interleaving, no file may be lost, so the test holds
/// on any machine; before the fix, the getter and the setter took the lock separately and the
/// setter removed every file written in between.
@Suite("Setting one entry of files while other tasks write")
struct FilesSubscriptContentionTests {
    @Test("files[url] = data while four tasks write loses no file")
    func noLostWrites() async throws {
        let mock = MockFileAccessor()
        mock.files[URL(filePath: "/w/.keep")] = Data()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<50 {
                        try? mock.write(Data([1]), to: URL(filePath: "/w/written-\(writer)-\(index)"))
                    }
                }
            }
            group.addTask {
                for index in 0..<200 { mock.files[URL(filePath: "/s/set-\(index)")] = Data([2]) }
            }
        }
        let files = mock.files
        #expect(files.count == 401)
        #expect(files.keys.filter { $0.path.hasPrefix("/w/written-") }.count == 200)
    }

    @Test("removing one entry removes that file only, and only if it is the file that was seen")
    func removeOne() throws {
        let mock = MockFileAccessor()
        let (a, b) = (URL(filePath: "/c/a"), URL(filePath: "/c/b"))
        mock.files[a] = Data("a".utf8)
        mock.files[b] = Data("b".utf8)
        mock.files[a] = nil
        #expect(mock.files == [b: Data("b".utf8)])
    }
}

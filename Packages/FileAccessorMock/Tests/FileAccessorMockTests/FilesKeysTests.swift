import FileAccessorMock
import Foundation
import Testing

/// `files` keys round-trip and a set that write would refuse is not dropped (issue 18 item 11).
@Suite("The files surface: keys compared as paths, no silent drops")
struct FilesKeysTests {
    @Test(
        "what is set under a spelling reads back under it",
        arguments: ["/c/../d.json", "/c/./e.json", "/c//f.json", "/c/g/"])
    func roundTrip(_ spelling: String) throws {
        let mock = MockFileAccessor()
        let url = URL(filePath: spelling)
        mock.files[url] = Data(spelling.utf8)
        #expect(mock.files[url] == Data(spelling.utf8))
        #expect(mock.files.count == 1)
    }

    @Test("a normalised spelling names the file a read finds")
    func normalised() throws {
        let mock = MockFileAccessor()
        mock.files[URL(filePath: "/c/./e.json")] = Data("e".utf8)
        #expect(try mock.read(from: URL(filePath: "/c/e.json")) == Data("e".utf8))
        #expect(mock.files == [URL(filePath: "/c/e.json"): Data("e".utf8)])
        #expect(mock.files.keys == [URL(filePath: "/c/e.json")])
    }

    @Test("setting files[url] below a file stops the test with a message, as write would fail")
    func belowAFile() async {
        await #expect(processExitsWith: .failure) {
            let mock = MockFileAccessor()
            mock.files[URL(filePath: "/f")] = Data("f".utf8)
            mock.files[URL(filePath: "/f/x")] = Data("x".utf8)
        }
    }
}

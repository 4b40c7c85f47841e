import FileAccessorInterface
import FileAccessorMock
import Foundation
import Testing

// The README's example, compiled and run so it cannot rot.

private struct SettingsStore {
    let accessor: any FileAccessorProviding
    func load(from url: URL) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: accessor.read(from: url))
    }
}

@Suite("The README's mock example")
struct ReadmeExampleTests {
    @Test("a read error surfaces to the caller")
    func readError() throws {
        let accessor = MockFileAccessor()
        let url = URL(filePath: "/config/settings.json")
        accessor.files[url] = Data(#"{"theme":"dark"}"#.utf8)
        #expect(try SettingsStore(accessor: accessor).load(from: url) == ["theme": "dark"])

        accessor.readError = CocoaError(.fileReadCorruptFile)
        #expect(throws: CocoaError(.fileReadCorruptFile)) { try SettingsStore(accessor: accessor).load(from: url) }
        #expect(accessor.calls.count == 2)
    }
}

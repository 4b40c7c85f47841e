import FileAccessorInterface
import FileAccessorMock
import Foundation
import MyFeature
import Testing

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

import FileAccessorInterface
import FileAccessorLive
import FileAccessorMock
import Foundation
import InMemorySupport
import MyFeature
import Testing

/// One test, two worlds: a temporary folder on the disk through the Live accessor, and the Mock's
/// in-memory tree. What it proves on the Mock it proves on the disk.
enum World: String, CaseIterable, Sendable {
    case disk, memory

    /// An accessor of this world and an empty folder in it; `cleanUp` removes what the disk got.
    func make() throws -> (accessor: any FileAccessorProviding, folder: URL, cleanUp: @Sendable () -> Void) {
        switch self {
        case .disk:
            let folder = FileManager.default.temporaryDirectory.appending(path: "consumer-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            return (DefaultFileAccessor(), folder, { try? FileManager.default.removeItem(at: folder) })
        case .memory:
            let accessor = MockFileAccessor()
            let folder = URL(filePath: "/settings-test")
            try accessor.world.withTree { try $0.makeDirectory(at: PathKey(folder)) }
            return (accessor, folder, {})
        }
    }
}

@Test("settings round-trip, and a missing file or folder is the same error on both", arguments: World.allCases)
func roundTrip(_ world: World) throws {
    let (accessor, folder, cleanUp) = try world.make()
    defer { cleanUp() }
    let store = SettingsStore(accessor: accessor)
    let url = folder.appending(path: "settings.json")

    let missing = #expect(throws: CocoaError.self) { try store.load(from: url) }
    #expect(missing?.code == .fileReadNoSuchFile)
    let noFolder = #expect(throws: CocoaError.self) {
        try store.save(["theme": "dark"], to: folder.appending(path: "absent/settings.json"))
    }
    #expect(noFolder?.code == .fileNoSuchFile)

    try store.save(["theme": "dark", "font": "mono"], to: url)
    #expect(accessor.fileExists(at: url))
    #expect(try store.load(from: url) == ["theme": "dark", "font": "mono"])
    try store.save(["theme": "light"], to: url)
    #expect(try store.load(from: url) == ["theme": "light"])
}

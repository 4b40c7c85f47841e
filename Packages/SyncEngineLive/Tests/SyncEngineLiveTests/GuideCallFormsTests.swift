import FileAccessorInterface
import FileSystemInterface
import Foundation
import SyncEngine
import SyncEngineLive
import Testing

/// Every call form of the guide compiles with `SyncEngineLive` imported, and the defaults are the
/// Live implementations (observed through a real temporary container).
@Suite("The guide's call forms with Live defaults")
struct GuideCallFormsTests {
    struct FixedContainer: FileSystemProviding {
        let url: URL?
        func containerURL(for purpose: Purpose) -> URL? { url }
    }

    struct RecordingAccessor: FileAccessorProviding {
        let data: Data
        func read(from url: URL) throws -> Data { data }
        func write(_ data: Data, to url: URL) throws {}
        func fileExists(at url: URL) -> Bool { true }
    }

    @Test("SyncManager() compiles and uses the Live file system")
    func noArguments() async throws {
        _ = SyncManager()
    }

    @Test("SyncManager(fileSystem:) keeps the Live accessor, which reads the real data.json")
    func fileSystemOnly() async throws {
        let folder = URL(filePath: NSTemporaryDirectory()).appending(path: "engine-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("real".utf8).write(to: folder.appending(path: "data.json"))
        let manager = SyncManager(fileSystem: FixedContainer(url: folder))
        #expect(try await manager.loadData() == Data("real".utf8))
    }

    @Test("SyncManager(fileAccessor:) and both together compile and use what was given")
    func accessorForms() async throws {
        let accessor = RecordingAccessor(data: Data("mock".utf8))
        let both = SyncManager(fileSystem: FixedContainer(url: URL(filePath: "/nowhere")), fileAccessor: accessor)
        #expect(try await both.loadData() == Data("mock".utf8))
        _ = SyncManager(fileAccessor: accessor)
        await #expect(throws: SyncError.containerNotAvailable) {
            try await SyncManager(fileSystem: FixedContainer(url: nil), fileAccessor: accessor).sync()
        }
    }
}

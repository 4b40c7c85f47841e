import FileAccessorMock
import FileSystemMock
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import SyncEngine
import Testing

/// The guide's tests, as it writes them, on the engine's full initializer.
@Suite("The guide's SyncManager tests")
struct GuideTests {
    func manager(fileSystem: MockFileSystemProvider, accessor: MockFileAccessor) -> SyncManager {
        SyncManager(
            fileSystem: fileSystem, fileAccessor: accessor, scanner: MockTreeScanner(world: accessor.world),
            mutator: MockTreeMutator(world: accessor.world), copier: MockFileCopier(world: accessor.world),
            locking: MockPairLocking(world: accessor.world),
            environment: SyncEnvironment(machineName: "test", stateFolder: URL(filePath: "/state"), lockHolder: "test"))
    }

    @Test("loadData returns the container's data.json")
    func loadData() async throws {
        let fileSystem = MockFileSystemProvider(containerURL: URL(filePath: "/tmp/test"))
        let accessor = MockFileAccessor()
        let testData = Data("test content".utf8)
        accessor.files[URL(filePath: "/tmp/test/data.json")] = testData
        let result = try await manager(fileSystem: fileSystem, accessor: accessor).loadData()
        #expect(result == testData)
    }

    @Test("a nil container throws containerNotAvailable")
    func containerNotAvailable() async throws {
        let manager = manager(fileSystem: MockFileSystemProvider(containerURL: nil), accessor: MockFileAccessor())
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync() }
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.loadData() }
    }

    @Test("a read error surfaces as a SyncError keeping the path and the error")
    func readError() async throws {
        let accessor = MockFileAccessor()
        accessor.files[URL(filePath: "/tmp/test/data.json")] = Data("{}".utf8)
        accessor.readError = CocoaError(.fileReadCorruptFile)
        let manager = manager(
            fileSystem: MockFileSystemProvider(containerURL: URL(filePath: "/tmp/test")), accessor: accessor)
        await #expect(
            throws: SyncError.io(
                path: "/tmp/test/data.json", underlying: UnderlyingError(CocoaError(.fileReadCorruptFile)))
        ) {
            try await manager.sync()
        }
    }

    @Test("a missing data.json is a fresh container, not an error")
    func freshContainer() async throws {
        let accessor = MockFileAccessor()
        try accessor.world.withTree { try $0.makeDirectory(at: PathKey(path: "/tmp/test"), intermediate: true) }
        let manager = manager(
            fileSystem: MockFileSystemProvider(containerURL: URL(filePath: "/tmp/test")), accessor: accessor)
        #expect(try await manager.sync().isEmpty)
        #expect(try await manager.loadData().count > 0)
    }
}

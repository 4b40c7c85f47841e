import FileAccessorMock
import FileSystemMock
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Synchronization
import Testing

@testable import SyncEngine

/// The state folder is a dependency: a manager built from Mocks makes it only through the injected
/// provider, and only when it writes state.
@Suite("The state folder, injected and made on first write")
struct StateFolderTests {
    /// A state folder in a Mock world that counts the times it is asked to be made, and makes it
    /// there (or fails, when told to).
    final class CountingStateFolder: StateFolderProviding {
        let url = URL(filePath: "/machines/alpha/state", directoryHint: .isDirectory)
        let world: MockWorld
        let failure: (any Error)?
        /// How many calls succeed before `failure` is thrown.
        let failAfter: Int
        private let calls = Mutex(0)

        init(world: MockWorld, failure: (any Error)? = nil, failAfter: Int = 0) {
            self.world = world
            self.failure = failure
            self.failAfter = failAfter
        }

        var prepared: Int { calls.withLock { $0 } }

        func prepare() throws {
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            if let failure, call > failAfter { throw failure }
            try world.withTree { try $0.makeDirectory(at: PathKey(url), intermediate: true) }
        }
    }

    func manager(container: URL?, state: CountingStateFolder) -> SyncManager {
        let world = state.world
        return SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container, world: world),
            fileAccessor: MockFileAccessor(world: world), scanner: MockTreeScanner(world: world),
            mutator: MockTreeMutator(world: world), copier: MockFileCopier(world: world),
            locking: MockPairLocking(world: world),
            environment: SyncEnvironment(machineName: "alpha", state: state, lockHolder: "test"))
    }

    @Test("building a manager and failing for want of a container makes no state folder")
    func nothingUntilWritten() async throws {
        let state = CountingStateFolder(world: MockWorld())
        let manager = manager(container: nil, state: state)
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync() }
        #expect(try await manager.pairs().isEmpty)
        #expect(state.prepared == 0)
        #expect(!MockFileAccessor(world: state.world).fileExists(at: state.url))
        #expect(await manager.environment.stateFolder == state.url)
    }

    @Test("registering a pair and syncing it make the state folder through the provider, first")
    func madeOnWrite() async throws {
        let world = MockWorld()
        let state = CountingStateFolder(world: world)
        let container = URL(filePath: "/container", directoryHint: .isDirectory)
        let local = URL(filePath: "/machines/alpha/docs", directoryHint: .isDirectory)
        try world.withTree {
            try $0.makeDirectory(at: PathKey(container), intermediate: true)
            try $0.makeDirectory(at: PathKey(local), intermediate: true)
        }
        let manager = manager(container: container, state: state)
        let pair = try SyncPair(name: "docs", localRoot: local)
        try await manager.register(pair)
        #expect(state.prepared == 1)
        #expect(try await manager.pairs() == [pair])
        try await manager.sync(pair)
        #expect(state.prepared == 3, "once for the archive, once for the trash's record")
        let archive = state.url.appending(path: "pairs").appending(path: "646f6373").appending(
            path: "archive.synccli-archive")
        #expect(MockFileAccessor(world: world).fileExists(at: archive))
    }

    @Test("a state folder that cannot be made is one error naming it, and nothing is written")
    func cannotBeMade() async throws {
        let state = CountingStateFolder(world: MockWorld(), failure: CocoaError(.fileWriteNoPermission))
        let manager = manager(container: nil, state: state)
        let pair = try SyncPair(name: "docs", localRoot: URL(filePath: "/machines/alpha/docs"))
        await #expect(
            throws: SyncError.io(
                path: "/machines/alpha/state/pairs.json",
                underlying: UnderlyingError(CocoaError(.fileWriteNoPermission)))
        ) {
            try await manager.register(pair)
        }
        #expect(state.prepared == 1)
        #expect(try await manager.pairs().isEmpty)
    }

    @Test("a state folder that cannot be made when the archive is saved fails the sync, naming the folder")
    func cannotBeMadeForTheArchive() async throws {
        let world = MockWorld()
        let state = CountingStateFolder(world: world, failure: CocoaError(.fileWriteNoPermission), failAfter: 1)
        let container = URL(filePath: "/container", directoryHint: .isDirectory)
        let local = URL(filePath: "/machines/alpha/docs", directoryHint: .isDirectory)
        try world.withTree {
            try $0.makeDirectory(at: PathKey(container), intermediate: true)
            try $0.makeDirectory(at: PathKey(local), intermediate: true)
        }
        let manager = manager(container: container, state: state)
        let pair = try SyncPair(name: "docs", localRoot: local)
        try await manager.register(pair)
        await #expect(
            throws: SyncError.io(
                path: "/machines/alpha/state", underlying: UnderlyingError(CocoaError(.fileWriteNoPermission)))
        ) {
            try await manager.sync(pair)
        }
        #expect(state.prepared == 2)
    }
}

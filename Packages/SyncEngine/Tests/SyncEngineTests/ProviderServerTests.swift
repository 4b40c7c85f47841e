import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import NetworkInterface
import NetworkMock
import Testing
import WebDAVSide

@testable import SyncEngine

/// A container the provider gives (the configuration file, the environment) is trusted when it
/// is a folder (the provider checked it), and looked at when it is a server.
@Suite("A server container given by the provider is looked at before use")
struct ProviderServerTests {
    @Test("an unreachable server from the provider is 'container unreachable' with the reason, before any work")
    func unreachableFromProvider() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        rig.transport.route(nil, "*", .fail(.cannotConnect))
        let state = URL(filePath: "/machines/alpha/state", directoryHint: .isDirectory)
        try rig.world.withTree {
            try $0.makeDirectory(at: PathKey(state), intermediate: true)
            try $0.makeDirectory(at: PathKey(rig.localRoot("alpha")), intermediate: true)
        }
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: rig.container),
            fileAccessor: MockFileAccessor(world: rig.world),
            sides: SchemeSides([
                "file": MockFolderSides(world: rig.world), "http": WebDAVSides(transport: rig.transport),
            ]),
            locking: MockPairLocking(world: rig.world),
            environment: SyncEnvironment(machineName: "alpha", stateFolder: state, lockHolder: "test alpha"))
        let pair = try SyncPair(name: "docs", localRoot: rig.localRoot("alpha"))
        let reason: String
        do {
            let url = try await manager.containerURL(for: pair)
            Issue.record("the unreachable server was taken as the container: \(url)")
            return
        } catch SyncError.containerUnreachable(let why) {
            reason = why
        }
        #expect(reason.hasPrefix("http://dav.test/sync/: "), "\(reason)")
    }

    @Test("a pair's own container folder that is not there is 'not available' (it is looked at, not trusted)")
    func ownFolderMissing() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let gone = URL(filePath: "/unmounted/sync", directoryHint: .isDirectory)
        let pair = try SyncPair(name: "docs", localRoot: rig.localRoot("alpha"), container: gone)
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.containerURL(for: pair) }
    }

    @Test("a pair folder seen as a link by the scan, in a container with a space in its path, is named as typed")
    func linkedPairFolder() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let container = URL(filePath: "/my sync 100%", directoryHint: .isDirectory)
        try rig.makeFolder("my sync 100%", in: URL(filePath: "/", directoryHint: .isDirectory))
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        let pair = try SyncPair(name: "docs", localRoot: rig.localRoot("alpha"), container: container)
        try await manager.sync(pair)
        // Swapped for a link while scanned (and back by the time the roots are checked).
        let pairFolder = container.appending(path: "docs", directoryHint: .isDirectory)
        rig.world.inject(
            Fault(
                TreeError.rootUnavailable(pairFolder.path(percentEncoded: false), reason: .symbolicLink),
                operation: .scan, path: pairFolder))
        await #expect(throws: SyncError.rootIsLink(side: .container, path: "/my sync 100%/docs/")) {
            try await manager.sync(pair)
        }
    }
}

import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// An error names the folder as its user typed it: a space stays a space and an accent an accent,
/// never `%20` or `%C3%A9` (which name no folder the user has).
@Suite("Errors name folders as typed")
struct ErrorPathTests {
    let rig = TestRig()
    static let machine = "my machine é"
    static let localPath = "/machines/my machine é/docs/"

    func synced() async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager(Self.machine)
        let pair = try rig.pair(Self.machine)
        #expect(pair.localRoot.path(percentEncoded: false) == Self.localPath)
        try rig.put("a", at: "a.txt", in: rig.localRoot(Self.machine))
        try await manager.sync(pair)
        return (manager, pair)
    }

    @Test("a missing local folder is named with its space and accent")
    func missingLocalFolder() async throws {
        let (manager, pair) = try await synced()
        try rig.remove("", in: rig.localRoot(Self.machine))
        let error = await #expect(throws: SyncError.localFolderMissing(Self.localPath)) { try await manager.sync(pair) }
        #expect(error?.description.contains(Self.localPath) == true, "\(String(describing: error))")
    }

    @Test("a local folder without its root marker is named with its space and accent")
    func missingMarker() async throws {
        let (manager, pair) = try await synced()
        try rig.remove(".synccli-root", in: rig.localRoot(Self.machine))
        await #expect(throws: SyncError.rootMarkerMissing(side: .local, path: Self.localPath)) {
            try await manager.sync(pair)
        }
    }

    @Test("a disk error while the local folder is listed is named with its space and accent")
    func scanFails() async throws {
        let (manager, pair) = try await synced()
        let diskError = TreeError.io(path: .root, code: 5, message: "Input/output error")
        rig.world.inject(Fault(diskError, operation: .scan, path: rig.localRoot(Self.machine)))
        await #expect(throws: SyncError.io(path: Self.localPath, underlying: UnderlyingError(diskError))) {
            try await manager.sync(pair)
        }
        // The conflict copies' listing words the same error the same way.
        await #expect(throws: SyncError.io(path: Self.localPath, underlying: UnderlyingError(diskError))) {
            try await manager.conflictCopies(of: pair)
        }
    }

    @Test("a local folder replaced by a symbolic link is named with its space and accent")
    func linkedRoot() async throws {
        let (manager, pair) = try await synced()
        try rig.remove("", in: rig.localRoot(Self.machine))
        try rig.link("docs", to: "/elsewhere", in: URL(filePath: "/machines/my machine é", directoryHint: .isDirectory))
        await #expect(throws: SyncError.rootIsLink(side: .local, path: Self.localPath)) {
            try await manager.sync(pair)
        }
    }
}

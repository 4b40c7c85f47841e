import BookmarkInterface
import BookmarkMock
import FileAccessorMock
import FileSystemMock
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import SyncEngine
import Testing

@Suite("Pairs followed through their folders' bookmarks")
struct PairTrackingTests {
    let rig = TestRig()
    let state = URL(filePath: "/machines/alpha/state", directoryHint: .isDirectory)

    /// alpha's engine, keeping bookmarks in its state folder through the Mocks.
    func manager() -> SyncManager {
        try? rig.world.withTree { try $0.makeDirectory(at: PathKey(state), intermediate: true) }
        return SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: rig.container, world: rig.world),
            fileAccessor: MockFileAccessor(world: rig.world), sides: MockFolderSides(world: rig.world),
            locking: MockPairLocking(world: rig.world),
            environment: SyncEnvironment(machineName: "alpha", stateFolder: state, lockHolder: "test alpha"),
            bookmarks: PairBookmarks(
                storage: MockBookmarkStorage(world: rig.world, folder: state.appending(path: "bookmarks")),
                resolver: MockBookmarkResolver(world: rig.world)))
    }

    func folder(_ name: String) throws -> URL {
        let url = URL(filePath: "/machines/alpha/\(name)", directoryHint: .isDirectory)
        try rig.makeFolder("", in: url)
        return url
    }

    func calls(_ operation: MockOperation) -> Int {
        rig.world.journal.filter { $0.operation == operation }.count
    }

    func pairListWrites() -> Int {
        rig.world.journal.filter { $0.operation == .write && $0.url.lastPathComponent == "pairs.json" }.count
    }

    @Test("a folder that is gone is reported for its pair alone; the other pairs are found")
    func goneFolder() async throws {
        let manager = manager()
        let docs = try SyncPair(name: "docs", localRoot: try folder("docs"))
        let photos = try SyncPair(name: "photos", localRoot: try folder("photos"))
        try await manager.register(docs)
        try await manager.register(photos)
        try rig.world.withTree { try $0.removeItem(at: PathKey(docs.localRoot)) }
        let tracked = try await manager.trackedPairs()
        #expect(tracked.count == 2)
        guard case .gone(let pair, let reason) = tracked.first else {
            Issue.record("expected docs gone, got \(tracked)")
            return
        }
        #expect(pair == docs && reason.contains("is gone"))
        #expect(tracked.last == .found(photos))
        #expect(try await manager.pairs() == [docs, photos], "the list is left as it was")
    }

    @Test("a folder renamed beside its old name is followed, registered at its new path, and synced there")
    func renameFollowed() async throws {
        let manager = manager()
        let docs = try SyncPair(name: "docs", localRoot: try folder("docs"))
        try await manager.register(docs)
        let papers = URL(filePath: "/machines/alpha/papers", directoryHint: .isDirectory)
        try rig.world.withTree { try $0.moveItem(from: PathKey(docs.localRoot), to: PathKey(papers)) }
        try rig.put("p", at: "p.txt", in: papers)
        let moved = try SyncPair(name: "docs", localRoot: papers)
        #expect(try await manager.trackedPairs() == [.renamed(moved, from: docs.localRoot)])
        #expect(try await manager.pairs() == [moved])
        #expect(try await manager.trackedPairs() == [.found(moved)], "the fresh bookmark finds it at its path")
        let reports = try await manager.sync()
        #expect(reports.map(\.copied) == [1])
        #expect(rig.text(at: "docs/p.txt", in: rig.container) == "p")
    }

    @Test("a bookmark that cannot be made or saved is skipped: the pair is registered and found by its path")
    func bookmarkFailureSkipped() async throws {
        let manager = manager()
        rig.world.inject(
            Fault(
                BookmarkError.storeRefused(path: "/machines/alpha/state/bookmarks", reason: "test"),
                operation: .saveBookmark))
        let docs = try SyncPair(name: "docs", localRoot: try folder("docs"))
        try await manager.register(docs)
        let absent = try SyncPair(name: "absent", localRoot: URL(filePath: "/nowhere", directoryHint: .isDirectory))
        try await manager.register(absent)
        #expect(try await manager.pairs() == [absent, docs])
        #expect(try await manager.trackedPairs() == [.found(absent), .found(docs)])
        #expect(calls(.saveBookmark) == 1 && calls(.makeBookmark) == 2)
    }

    @Test("a no-op sync's registration writes neither the pair list nor the bookmark again")
    func noOpWritesNothing() async throws {
        let manager = manager()
        let docs = try SyncPair(name: "docs", localRoot: try folder("docs"))
        try rig.put("d", at: "d.txt", in: docs.localRoot)
        try await manager.sync(docs)
        try await manager.register(docs)
        let written = (pairListWrites(), calls(.saveBookmark))
        #expect(written.1 == 1)
        let report = try await manager.sync(docs)
        try await manager.register(docs)
        #expect(report.copied == 0)
        #expect(calls(.saveBookmark) == written.1, "the same bookmark is not saved again")
        #expect(pairListWrites() == written.0, "the pair list is not written again")
    }

    @Test("a pair named again with its folders spelled with or without a final slash is not written again")
    func slashesAreTheSamePair() async throws {
        let manager = manager()
        let box = URL(filePath: "/machines/alpha/box", directoryHint: .isDirectory)
        try rig.makeFolder("", in: box)
        let docs = try folder("docs")
        let bare = try SyncPair(
            name: "docs", localRoot: URL(filePath: "/machines/alpha/docs", directoryHint: .notDirectory),
            container: URL(filePath: "/machines/alpha/box", directoryHint: .notDirectory))
        try await manager.register(bare)
        let written = pairListWrites()
        #expect(written == 1)
        try await manager.register(try SyncPair(name: "docs", localRoot: docs, container: box))
        try await manager.register(bare)
        #expect(pairListWrites() == written, "the pair list is written again for the same pair")
        #expect(try await manager.pairs().map(\.name) == ["docs"])
    }
}

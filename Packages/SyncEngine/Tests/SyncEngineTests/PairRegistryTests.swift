import FileTreeInterface
import Foundation
import InMemorySupport
import SyncEngine
import Testing

@Suite("Pairs this machine knows")
struct PairRegistryTests {
    let rig = TestRig()

    @Test("registered pairs are listed sorted, replaced by name, and all synced by sync()")
    func registerAndSyncAll() async throws {
        let manager = rig.manager("alpha")
        let docs = try rig.pair("alpha")
        let photosRoot = URL(filePath: "/machines/alpha/photos", directoryHint: .isDirectory)
        try rig.makeFolder("", in: photosRoot)
        let photos = try SyncPair(name: "photos", localRoot: photosRoot)
        try rig.put("d", at: "d.txt", in: docs.localRoot)
        try rig.put("p", at: "p.jpg", in: photosRoot)
        #expect(try await manager.pairs().isEmpty)
        try await manager.register(photos)
        try await manager.register(docs)
        try await manager.register(docs)
        #expect(try await manager.pairs().map(\.name) == ["docs", "photos"])
        let reports = try await manager.sync()
        #expect(reports.map(\.copied) == [1, 1])
        #expect(rig.text(at: "photos/p.jpg", in: rig.container) == "p")
        let document = String(decoding: try await manager.loadData(), as: UTF8.self)
        #expect(document.contains("\"photos\"") && document.contains("\"alpha\""))
    }

    @Test("a folder path with a space, a percent sign and an accent is the same after the list is read again")
    func oddPathRoundTrips() async throws {
        let root = URL(filePath: "/machines/alpha/My Docs 100%20é", directoryHint: .isDirectory)
        try rig.makeFolder("", in: root)
        let pair = try SyncPair(name: "odd", localRoot: root)
        try await rig.manager("alpha").register(pair)
        let listed = try await rig.manager("alpha").pairs()
        #expect(listed.map(\.localRoot.path) == ["/machines/alpha/My Docs 100%20é"])
        #expect(listed == [pair])
    }

    @Test("a damaged pair list is an error naming the file, never an empty list")
    func damagedList() async throws {
        let manager = rig.manager("alpha")
        try rig.world.withTree {
            try $0.writeFile(Data("junk".utf8), at: PathKey(path: "/machines/alpha/state/pairs.json"))
        }
        await #expect(
            throws: SyncError.corruptState(
                path: "/machines/alpha/state/pairs.json", reason: "not a pair list of version 1")
        ) {
            try await manager.pairs()
        }
    }

    @Test("a pair records its container: it round-trips through the list and syncs there, not in the provider's")
    func pairKeepsItsContainer() async throws {
        let manager = rig.manager("alpha")
        let elsewhere = URL(filePath: "/other-container", directoryHint: .isDirectory)
        try rig.makeFolder("", in: elsewhere)
        let docs = try rig.pair("alpha").with(container: elsewhere)
        try rig.put("d", at: "d.txt", in: docs.localRoot)
        try await manager.register(docs)
        #expect(try await manager.pairs() == [docs])
        let reports = try await manager.sync()
        #expect(reports.map(\.copied) == [1])
        #expect(rig.text(at: "docs/d.txt", in: elsewhere) == "d")
        #expect(!rig.exists("docs", in: rig.container), "the provider's container is not touched")
        #expect(try await manager.trash(of: docs).isEmpty)
    }

    @Test("a pair list written before pairs had containers still reads, each pair using the provider's")
    func listWithoutContainers() async throws {
        let manager = rig.manager("alpha")
        let old = #"{"pairs":[{"localRoot":"/machines/alpha/docs","name":"docs"}],"version":1}"#
        try rig.world.withTree {
            try $0.writeFile(Data(old.utf8), at: PathKey(path: "/machines/alpha/state/pairs.json"))
        }
        let pairs = try await manager.pairs()
        #expect(pairs.map(\.name) == ["docs"] && pairs.first?.container == nil)
        #expect(try await manager.containerURL(for: try #require(pairs.first)) == rig.container)
    }

    @Test("a pair whose own container is not there is refused as not available, never synced as empty")
    func ownContainerMissing() async throws {
        let manager = rig.manager("alpha")
        let gone = try rig.pair("alpha").with(container: URL(filePath: "/unmounted-disk", directoryHint: .isDirectory))
        try rig.put("d", at: "d.txt", in: gone.localRoot)
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync(gone) }
        #expect(!rig.exists("unmounted-disk", in: URL(filePath: "/")))
    }
}

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

    @Test("a damaged pair list is an error naming the file, never an empty list")
    func damagedList() async throws {
        let manager = rig.manager("alpha")
        try rig.world.withTree { try $0.writeFile(Data("junk".utf8), at: PathKey(path: "/machines/alpha/state/pairs.json")) }
        await #expect(throws: SyncError.corruptState(path: "/machines/alpha/state/pairs.json", reason: "not a pair list of version 1")) {
            try await manager.pairs()
        }
    }
}

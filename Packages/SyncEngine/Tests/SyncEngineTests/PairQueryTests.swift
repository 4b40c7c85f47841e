import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import SyncEngine
import Testing

/// What `conflicts` and `status` ask the engine about a pair: its conflict copies, and when each
/// machine last synced it.
@Suite("Pair queries: conflict copies and last syncs")
struct PairQueryTests {
    let rig = TestRig()

    @Test("the conflict copies are listed from the local folder, ignored names and the tool's own files aside")
    func conflictCopies() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("v1", at: "dir/a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.put("local", at: "dir/a.txt", in: rig.localRoot("alpha"))
        try rig.put("container", at: "dir/a.txt", in: rig.pairRoot)
        let report = try await manager.sync(pair)
        let kept = try #require(report.conflicts.first?.keptAs)
        #expect(try await manager.conflictCopies(of: pair) == [kept])
        #expect(kept.parent.text == "dir" && kept.name.contains(" (conflict "))
    }

    @Test("conflict copies of a missing local folder: localFolderMissing naming it")
    func conflictCopiesOfMissingFolder() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.remove("", in: rig.localRoot("alpha"))
        await #expect(throws: SyncError.localFolderMissing("/machines/alpha/docs/")) {
            try await manager.conflictCopies(of: pair)
        }
    }

    @Test("conflict copies when the local folder cannot be listed: the disk's error, naming the folder")
    func conflictCopiesUnreadable() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let failure = TreeError.io(path: .root, code: 5, message: "Input/output error")
        rig.world.inject(Fault(failure, operation: .scan, path: rig.localRoot("alpha")))
        await #expect(throws: SyncError.io(path: "/machines/alpha/docs/", underlying: UnderlyingError(failure))) {
            try await manager.conflictCopies(of: pair)
        }
    }

    @Test("each machine's last sync is read from the container's document; none before the first sync")
    func lastSyncs() async throws {
        let alpha = rig.manager("alpha")
        #expect(try await alpha.lastSyncs(of: try rig.pair("alpha")).isEmpty)
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try await alpha.sync(try rig.pair("alpha"))
        try await rig.manager("beta", clockOffset: 120).sync(try rig.pair("beta"))
        let syncs = try await alpha.lastSyncs(of: try rig.pair("alpha"))
        #expect(syncs.keys.sorted() == ["alpha", "beta"])
        let apart = try #require(syncs["beta"]).timeIntervalSince(try #require(syncs["alpha"]))
        #expect((119...121).contains(apart), "\(apart)")
    }
}

import FileAccessorMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Testing

@testable import SyncEngine

/// One odd entry (a link where a folder was, a name that is not UTF-8, an unreadable file, a new
/// identity) affects that entry alone: never a deletion, never a stalled pair, never a silent skip.
@Suite("Odd entries affect themselves alone")
struct OddEntryTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    @Test(
        "a folder replaced by a symbolic link on either side is unknown: nothing below it is deleted anywhere",
        arguments: [SyncSide.local, .container])
    func folderBecameLink(side: SyncSide) async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "d/a.txt", in: local)
        try rig.put("b", at: "d/sub/b.txt", in: local)
        try rig.put("keep", at: "keep.txt", in: local)
        try await manager.sync(pair)

        let changed = side == .local ? local : rig.pairRoot
        let other = side == .local ? rig.pairRoot : local
        try rig.remove("d", in: changed)
        try rig.link("d", to: "/elsewhere/d", in: changed)
        try rig.put("new", at: "new.txt", in: changed)
        let report = try await manager.sync(pair)

        #expect(
            report.deleted == 0 && report.replaced == 0, "deleted \(report.done.map { "\($0.operation) \($0.path)" })")
        #expect(rig.text(at: "d/a.txt", in: other) == "a")
        #expect(rig.text(at: "d/sub/b.txt", in: other) == "b")
        #expect(rig.text(at: "new.txt", in: other) == "new", "the rest of the pair still syncs")
        let link = rig.world.withTree { $0.entry(at: PathKey(changed.appending(path: "d")))?.kind }
        #expect(link == .symbolicLink(target: "/elsewhere/d"))
        #expect(report.unsynced.contains { $0.path.text == "d" && $0.reason.contains("link") }, "\(report.unsynced)")
        let records = try await manager.archiveStore.load(pair: "docs").0.records
        let below = [try RelativePath("d/a.txt"), try RelativePath("d/sub/b.txt")]
        #expect(below.allSatisfy { records[$0] != nil }, "the records below the link are kept")
        // The link goes away and the folder comes back as it was: nothing to do.
        try rig.remove("d", in: changed)
        try rig.put("a", at: "d/a.txt", in: changed)
        try rig.put("b", at: "d/sub/b.txt", in: changed)
        let again = try await manager.sync(pair)
        #expect(again.deleted == 0)
        #expect(rig.contents(of: local) == rig.contents(of: rig.pairRoot))
    }

    @Test("a side whose only entry is a symbolic link still sets it aside: the link is never copied")
    func onlyALink() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.link("l", to: "/elsewhere", in: local)
        let report = try await manager.sync(pair)
        #expect(!rig.exists("l", in: rig.pairRoot), "the link was copied: \(rig.contents(of: rig.pairRoot))")
        #expect(report.unsynced.map(\.path.description) == ["l"], "\(report.unsynced)")
        #expect(report.done.isEmpty, "\(report.done)")
    }

    @Test(
        "a folder replaced by a special file (a pipe, a device) is unknown: nothing below it is deleted, its folder stays"
    )
    func folderBecameSpecialFile() async throws {
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "p/d/a.txt", in: local)
        try rig.put("keep", at: "keep.txt", in: local)
        try await rig.manager("alpha").sync(pair)

        // Locally p/d is now a pipe; the container deleted all of p meanwhile.
        try rig.remove("p", in: rig.pairRoot)
        let special = try RelativePath("p/d")
        let manager = SyncManager(
            fileSystem: rig.fileSystem, fileAccessor: MockFileAccessor(world: rig.world),
            scanner: SpecialEntryScanner(base: MockTreeScanner(world: rig.world), root: local, special: special),
            mutator: MockTreeMutator(world: rig.world), copier: MockFileCopier(world: rig.world),
            locking: MockPairLocking(world: rig.world),
            environment: SyncEnvironment(
                machineName: "alpha", stateFolder: URL(filePath: "/machines/alpha/state"),
                lockHolder: "test alpha", now: { Date(timeIntervalSince1970: 1_800_000_000) }))
        let report = try await manager.sync(pair)
        #expect(report.skipped.isEmpty && report.failed.isEmpty, "\((report.skipped + report.failed).map(\.reason))")
        #expect(report.deleted == 0, "\(report.done.map { "\($0.operation) \($0.path)" })")
        #expect(rig.text(at: "p/d/a.txt", in: local) == "a", "nothing at or below the special path is touched")
        #expect(rig.exists("p", in: rig.pairRoot), "the folder holding it stays, on both sides")
        #expect(report.unsynced.contains { $0.path.text == "p/d" }, "\(report.unsynced)")
        let records = try await manager.archiveStore.load(pair: "docs").0.records
        #expect(records[try RelativePath("p/d/a.txt")] != nil)
    }

    @Test("a name that is not valid UTF-8 is skipped alone: its folder syncs, the sync is incomplete, the plan says so")
    func badName() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("bad", rawName: [0x62, 0xFF, 0x61], in: "", of: local)
        try rig.put("ok", at: "ok.txt", in: local)
        try rig.put("x", at: "d/x.txt", in: local)
        let report = try await manager.sync(pair)
        #expect(rig.text(at: "ok.txt", in: rig.pairRoot) == "ok")
        #expect(rig.text(at: "d/x.txt", in: rig.pairRoot) == "x")
        #expect(!report.isComplete, "a skipped name must make the sync incomplete")
        #expect(report.unsynced.map(\.path) == [.root] && report.unsynced.first?.side == .local, "\(report.unsynced)")
        let plan = try await manager.plan(pair)
        #expect(plan.actions.isEmpty)
        #expect(!plan.isInSync, "status must not say in sync")
        #expect(plan.unsynced.first?.reason.contains("UTF-8") == true)
    }

    @Test("one file whose digest cannot be read fails alone; the rest syncs")
    func unreadableDigest() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("mine", at: "same.txt", in: local)
        try rig.put("your", at: "same.txt", in: rig.pairRoot)
        try rig.put("other", at: "other.txt", in: local)
        rig.world.inject(
            Fault(
                TreeError.io(path: try RelativePath("same.txt"), code: EACCES, message: "Permission denied"),
                operation: .digest, path: local.appending(path: "same.txt")))
        let report = try await manager.sync(pair)
        #expect(rig.text(at: "other.txt", in: rig.pairRoot) == "other")
        #expect(rig.text(at: "same.txt", in: local) == "mine")
        #expect(rig.text(at: "same.txt", in: rig.pairRoot) == "your")
        #expect(!report.isComplete)
        #expect(report.unsynced.map(\.path) == [try RelativePath("same.txt")], "\(report.unsynced)")
        #expect(report.unsynced.first?.reason.contains("Permission denied") == true)
        rig.world.clearFaults()
        let after = try await manager.sync(pair)
        #expect(after.conflicts.map(\.kind) == [.bothModified], "readable again, it is decided normally")
    }

    @Test(
        "an identity change alone (files re-created with their times) is refreshed, and a deletion meanwhile still propagates"
    )
    func identityChangeAlone() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a.txt", "b.txt", "d/c.txt", "d/e/f.txt"] { try rig.put("v-\(name)", at: name, in: local) }
        try rig.put("w", at: "w.txt", in: rig.pairRoot)
        try await manager.sync(pair)

        try rig.remove("b.txt", in: local)
        try rig.recreateEveryFile(below: local)
        let report = try await manager.sync(pair)
        #expect(report.copied == 0, "copied \(report.done.filter { $0.operation == .copy }.map(\.path))")
        #expect(report.conflicts.isEmpty)
        #expect(report.replaced == 0)
        #expect(report.deleted == 1)
        #expect(!rig.exists("b.txt", in: rig.pairRoot) && !rig.exists("b.txt", in: local), "the deletion was undone")
        #expect(rig.contents(of: local) == rig.contents(of: rig.pairRoot))
        let again = try await manager.plan(pair)
        #expect(again.actions.isEmpty && again.records.isEmpty, "the records were not refreshed")
    }
}

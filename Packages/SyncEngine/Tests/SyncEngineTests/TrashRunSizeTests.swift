import FileTreeInterface
import Foundation
import NetworkMock
import Testing

@testable import SyncEngine

/// The trash's record of what each run folder holds, which its expiry compares with the size cap:
/// a sync sizes the run folder it made from what it trashed (no walk, so no request per folder
/// over WebDAV), and that count must equal what a walk of the trash finds.
@Suite("Trash run sizes: counted by the sync that trashed, equal to a walk")
struct TrashRunSizeTests {
    static let seams: [TestRig.Seam] = [.folderProtocols, .webDAV(.lighttpd)]

    /// The record's run sizes, and the sizes a walk of both trashes gives.
    func recordedAndWalked(_ manager: SyncManager, _ pair: SyncPair) async throws -> (
        recorded: [String: [String: TrashRecord.Run]], walked: [String: [String: TrashRecord.Run]]
    ) {
        let record = try await manager.archiveStore.loadTrashRecord(pair: pair.name)
        let walked = SyncManager.allRunSizes(try await manager.trash(of: pair))
        return (record.runs.filter { !$0.value.isEmpty }, walked.filter { !$0.value.isEmpty })
    }

    @Test(
        "replacements and deletions on both sides, in folders: the counted sizes are the walked ones", arguments: seams)
    func countedEqualsWalked(seam: TestRig.Seam) async throws {
        try await TestRig.$seam.withValue(seam) {
            let rig = TestRig()
            let alpha = rig.manager("alpha")
            let beta = rig.manager("beta")
            let (alphaPair, betaPair) = (try rig.pair("alpha"), try rig.pair("beta"))
            for (path, text) in [("a.txt", "a"), ("sub/b.txt", "bb"), ("sub/deep/c.txt", "ccc"), ("d.txt", "dddd")] {
                try rig.put(text, at: path, in: rig.localRoot("alpha"))
            }
            try await alpha.sync(alphaPair)
            try await beta.sync(betaPair)
            // beta changes two files and deletes one: alpha's next sync trashes on its own side.
            try rig.put("a from beta, longer", at: "a.txt", in: rig.localRoot("beta"))
            try rig.put("c from beta", at: "sub/deep/c.txt", in: rig.localRoot("beta"))
            try rig.remove("d.txt", in: rig.localRoot("beta"))
            try await beta.sync(betaPair)
            // alpha changes one file too: its sync trashes the container's version as well.
            try rig.put("b from alpha", at: "sub/b.txt", in: rig.localRoot("alpha"))
            let report = try await alpha.sync(alphaPair)
            #expect(report.isComplete && report.warnings.isEmpty)
            let (recorded, walked) = try await recordedAndWalked(alpha, alphaPair)
            #expect(walked["local"]?.values.map(\.versions).reduce(0, +) == 3, "a, c and d on alpha's side")
            #expect(walked["container"]?.values.map(\.versions).reduce(0, +) ?? 0 >= 1, "b in the container's")
            #expect(recorded == walked)
        }
    }

    @Test("a run folder that was there before the run (an interrupted apply of the same plan) is walked, not counted")
    func reusedRunFolderIsWalked() async throws {
        let rig = TestRig()
        let alpha = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("first", at: "a.txt", in: rig.localRoot("alpha"))
        try await alpha.sync(pair)
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        let plan = try await alpha.plan(pair)
        // What an earlier, interrupted attempt at this plan left in its run folder.
        try rig.put("left by the attempt", at: ".synccli-trash/\(plan.trashFolder)/old.txt", in: rig.pairRoot)
        let report = try await alpha.apply(plan)
        #expect(report.deleted == 1 && report.isComplete)
        let (recorded, walked) = try await recordedAndWalked(alpha, pair)
        #expect(walked["container"]?[plan.trashFolder]?.versions == 2, "the deleted file and the attempt's")
        #expect(recorded == walked)
    }

    @Test("only files count, as a walk counts them; groups' counts add up")
    func tally() throws {
        func entry(_ name: String, _ kind: EntryKind, size: Int64) throws -> TreeEntry {
            TreeEntry(
                path: try RelativePath(name), kind: kind, size: size, modificationNanoseconds: 0,
                identity: FileIdentity(high: 0, low: 1), permissions: 0o644)
        }
        let file = try entry("a", .file, size: 5)
        let folder = try entry("f", .directory, size: 4096)
        var first = TrashedByRun()
        first.note(file, on: .local, madeRun: false)
        first.note(folder, on: .local, madeRun: false)
        first.note(nil, on: .local, madeRun: false)
        #expect(first.runFolder(on: .local) == nil, "not made by this run: unknown")
        var second = TrashedByRun()
        second.note(file, on: .local, madeRun: true)
        second.note(nil, on: .container, madeRun: true)
        first.absorb(second)
        #expect(first.runFolder(on: .local) == TrashRecord.Run(bytes: 10, versions: 2))
        #expect(first.runFolder(on: .container) == TrashRecord.Run(bytes: 0, versions: 0))
    }

    @Test("after an expiry the record holds what the trash still holds: the expired run is gone from it")
    func recordAfterExpiry() async throws {
        let rig = TestRig()
        let days = DayClock()
        let alpha = rig.manager("alpha", clock: days.now)
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.put("b", at: "b.txt", in: rig.localRoot("alpha"))
        try await alpha.sync(pair)
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        try await alpha.sync(pair)
        #expect(try await recordedAndWalked(alpha, pair).recorded["container"]?.count == 1)
        days.advance(days: 31)
        let report = try await alpha.sync(pair)
        #expect(report.warnings.isEmpty)
        let (recorded, walked) = try await recordedAndWalked(alpha, pair)
        #expect(walked.isEmpty, "the version is past the age limit")
        #expect(recorded == walked, "the record still lists the expired run")
    }

    @Test("trash empty leaves the record equal to a walk of what is left; its dry run leaves the record alone")
    func emptyKeepsTheRecord() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("last copy", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.put("restored", at: "b.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        try rig.remove("b.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        // b.txt's trashed version is restored, so it has a copy and can go; a.txt's is its last copy.
        let trashedB = try #require(try await manager.trash(of: pair).first { $0.originalPath.text == "b.txt" })
        try await manager.restore(trashedB, of: pair, onto: .local)
        let before = try await recordedAndWalked(manager, pair)
        #expect(before.recorded == before.walked && !before.recorded.isEmpty)
        let dry = try await manager.emptyTrash(of: pair, dryRun: true)
        #expect(dry.freed.versions == 1)
        #expect(try await recordedAndWalked(manager, pair).recorded == before.recorded, "a dry run changed the record")
        let done = try await manager.emptyTrash(of: pair)
        #expect(done.freed.versions == 1 && done.keptLastCopies.versions == 1)
        let after = try await recordedAndWalked(manager, pair)
        #expect(after.recorded == after.walked, "the record still counts the freed version")
        #expect(after.recorded != before.recorded)
    }
}

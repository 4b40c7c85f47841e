import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// A plan is a file a person may edit before applying it: a record it sets under one path but
/// naming another is kept under the path the update names, and the archive's order holds.
@Suite("A plan's record updates name their paths")
struct EditedPlanRecordTests {
    let rig = TestRig()

    @Test("a record set under b.txt that names zzz.txt is kept as b.txt's; c.txt is still found after it")
    func recordUnderAnotherName() async throws {
        let manager = rig.manager("alpha")
        for name in ["a.txt", "b.txt", "c.txt"] { try rig.put(name, at: name, in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        let before = try await manager.archiveStore.load(pair: pair.name).0.records
        let (b, c) = (try RelativePath("b.txt"), try RelativePath("c.txt"))
        let recordB = try #require(before[b])
        let misnamed = ArchiveRecord(
            path: try RelativePath("zzz.txt"), kind: recordB.kind, size: recordB.size, digest: recordB.digest,
            local: recordB.local, container: recordB.container)
        var plan = try await manager.plan(pair)
        plan.records.append(RecordUpdate(path: b, change: .set, group: b, record: misnamed))
        _ = try await manager.apply(plan)
        let after = try await manager.archiveStore.load(pair: pair.name).0.records
        #expect(after[b]?.path == b && after[c] == before[c] && after.count == 3)
        #expect(after.map(\.key) == after.map(\.value.path), "every record under its own path, in order")
    }

    @Test("a copy edited into another phase is still committed: the file arrives, reported once, nothing left staged")
    func copyInAnotherPhase() async throws {
        let manager = rig.manager("alpha")
        try rig.put("first", at: "a.txt", in: rig.localRoot("alpha"))
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        try rig.put("new", at: "b.txt", in: rig.localRoot("alpha"))
        var plan = try await manager.plan(pair)
        let index = try #require(plan.actions.firstIndex { $0.operation == .copy && $0.path.text == "b.txt" })
        plan.actions[index].phase = 0  // with the moves, before any copy's batch
        let report = try await manager.apply(plan)
        #expect(report.copied == 1 && report.done.map(\.path.text) == ["b.txt"] && report.isComplete)
        #expect(rig.text(at: "b.txt", in: rig.pairRoot) == "new")
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty, "no staged copy left")
    }
}

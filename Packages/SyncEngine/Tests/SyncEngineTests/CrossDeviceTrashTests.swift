import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// A deletion inside a mount point within the synced folder: the move into the trash (a rename)
/// fails with EXDEV.
@Suite("Trash moves across file systems")
struct CrossDeviceTrashTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    static func crossDevice(_ path: String) throws -> TreeError {
        .io(path: try RelativePath(path), code: EXDEV, message: "Invalid cross-device link")
    }

    @Test("a file whose move into the trash is cross-device is copied into the trash and removed")
    func copiedIntoTrash() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("mounted", at: "mnt/a.txt", in: local)
        try rig.put("plain", at: "b.txt", in: local)
        try rig.put("anchor", at: "c.txt", in: local)
        try await manager.sync(pair)

        try rig.remove("mnt/a.txt", in: rig.pairRoot)
        try rig.remove("b.txt", in: rig.pairRoot)
        rig.world.inject(
            Fault(try Self.crossDevice("mnt/a.txt"), operation: .moveItem, path: local.appending(path: "mnt/a.txt")))
        let report = try await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
        #expect(report.isComplete, "\(report.failed.map(\.reason))")
        #expect(report.deleted == 2)
        #expect(!rig.exists("mnt/a.txt", in: local) && !rig.exists("b.txt", in: local))
        #expect(rig.allTexts(below: local).isSuperset(of: ["mounted", "plain"]), "the trash keeps both")
        let again = try await manager.plan(pair)
        #expect(again.actions.isEmpty)
    }

    @Test("when the copy into the trash fails too, that path fails with one sentence and the rest syncs")
    func copyFailsToo() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("mounted", at: "mnt/a.txt", in: local)
        try rig.put("plain", at: "b.txt", in: local)
        try rig.put("anchor", at: "c.txt", in: local)
        try await manager.sync(pair)

        try rig.remove("mnt/a.txt", in: rig.pairRoot)
        try rig.remove("b.txt", in: rig.pairRoot)
        rig.world.inject(
            Fault(try Self.crossDevice("mnt/a.txt"), operation: .moveItem, path: local.appending(path: "mnt/a.txt")))
        rig.world.inject(
            Fault(
                TreeError.io(path: try RelativePath("x"), code: ENOSPC, message: "No space left on device"),
                operation: .stageCopy))
        let report = try await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
        #expect(report.failed.map(\.action.path) == [try RelativePath("mnt/a.txt")])
        #expect(report.failed.first.map { !$0.reason.contains("\n") && $0.reason.contains("mnt/a.txt") } == true)
        #expect(rig.text(at: "mnt/a.txt", in: local) == "mounted", "left as it was")
        #expect(!rig.exists("b.txt", in: local))
        #expect(rig.temporaryFiles(below: local).isEmpty)
    }

    /// alpha synced `mnt/a.txt` (on another file system), `b.txt` and `c.txt`, then the
    /// container lost `mnt/a.txt`: the plan trashes it on the local side.
    func planDeletingMounted() async throws -> (SyncManager, SyncPlan) {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("mounted", at: "mnt/a.txt", in: local)
        try rig.put("plain", at: "b.txt", in: local)
        try rig.put("anchor", at: "c.txt", in: local)
        try await manager.sync(pair)
        try rig.remove("mnt/a.txt", in: rig.pairRoot)
        rig.world.inject(
            Fault(try Self.crossDevice("mnt/a.txt"), operation: .moveItem, path: local.appending(path: "mnt/a.txt")))
        return (manager, try await manager.plan(pair))
    }

    @Test("a cross-device trash whose name an interrupted run already used takes the next name, keeping both")
    func copyTargetTaken() async throws {
        let (manager, plan) = try await planDeletingMounted()
        try rig.put("an earlier attempt", at: ".synccli-trash/\(plan.trashFolder)/mnt/a.txt", in: local)
        let report = try await manager.apply(plan)
        #expect(report.isComplete && report.deleted == 1, "\(report.failed.map(\.reason))")
        #expect(!rig.exists("mnt/a.txt", in: local))
        #expect(rig.text(at: ".synccli-trash/\(plan.trashFolder)/mnt/a.txt", in: local) == "an earlier attempt")
        #expect(rig.text(at: ".synccli-trash/\(plan.trashFolder)/mnt/a.txt (2)", in: local) == "mounted")
    }
}

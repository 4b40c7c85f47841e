import FileAccessorMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import NetworkMock
import SyncEngine
import Testing

/// The delete guard's verdict as part of the plan, and approvals of a large deletion travelling
/// to the other machines through the container.
@Suite("Delete guard previews and approvals")
struct DeletionApprovalTests {
    let rig = TestRig()
    let approvalName = ".synccli-approval.json"

    /// alpha and beta both synced with `files` files.
    func twoMachines(files: Int = 10) async throws {
        for index in 0..<files { try rig.put("file \(index)", at: "f\(index).txt", in: rig.localRoot("alpha")) }
        try await rig.manager("alpha").sync(try rig.pair("alpha"))
        try await rig.manager("beta").sync(try rig.pair("beta"))
        #expect(rig.contents(of: rig.localRoot("beta")).count == files)
    }

    /// alpha deletes f0...f7 and syncs them away with the limit raised.
    func alphaApprovesDeletingEight() async throws -> SyncReport {
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.localRoot("alpha")) }
        return try await rig.manager("alpha").sync(try rig.pair("alpha"), options: SyncOptions(maxDeletePercent: 100))
    }

    func expectBetaRefused(count: Int = 8, clockOffset: TimeInterval = 0) async throws -> SyncPlan {
        let manager = rig.manager("beta", clockOffset: clockOffset)
        let pair = try rig.pair("beta")
        let refusal = SyncError.tooManyDeletions(side: .local, count: count, total: 10, limitPercent: 50)
        await #expect(throws: refusal) { try await manager.sync(pair) }
        #expect(rig.contents(of: rig.localRoot("beta")).count == 10)
        return try await manager.plan(pair)
    }

    @Test("a refused plan is returned with the verdict; sync and apply of it still refuse, changing nothing")
    func refusedPlanIsAPreview() async throws {
        try await twoMachines()
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.localRoot("alpha")) }
        let manager = rig.manager("alpha")
        let plan = try await manager.plan(try rig.pair("alpha"))
        let refusal = try #require(plan.deletionRefusal)
        #expect(refusal == DeletionRefusal(side: .container, count: 8, total: 10, limitPercent: 50))
        #expect(refusal.neededPercent == 80)
        #expect(refusal.error.description.hasSuffix("over the 50% limit; a limit of 80% allows it"))
        #expect(plan.actions.filter(\.isDeletion).count == 8)
        await #expect(throws: refusal.error) { try await manager.apply(plan) }
        await #expect(throws: refusal.error) { try await manager.sync(try rig.pair("alpha")) }
        #expect(rig.contents(of: rig.pairRoot).count == 10)
        let decoded = try SyncPlan.decode(try plan.encoded())
        #expect(decoded.deletionRefusal == refusal)
    }

    @Test("an emptied side needs the whole limit; a plan under the limit has no verdict")
    func emptiedSide() async throws {
        try await twoMachines(files: 4)
        for index in 0..<4 { try rig.remove("f\(index).txt", in: rig.localRoot("alpha")) }
        let plan = try await rig.manager("alpha").plan(try rig.pair("alpha"))
        #expect(plan.deletionRefusal?.emptiesSide == true)
        #expect(plan.deletionRefusal?.neededPercent == 100)
        try rig.put("file 0", at: "f0.txt", in: rig.localRoot("alpha"))
        try rig.put("file 1", at: "f1.txt", in: rig.localRoot("alpha"))
        let allowed = try await rig.manager("alpha").plan(try rig.pair("alpha"))
        #expect(allowed.deletionRefusal == nil)
        #expect(!allowed.recordsApproval)
    }

    @Test("an approved deletion travels: the other machine carries out exactly those deletions without the flag")
    func travels() async throws {
        try await twoMachines()
        let approving = try await alphaApprovesDeletingEight()
        #expect(approving.deleted == 8)
        #expect(approving.recordedApproval?.machine == "alpha")
        #expect(approving.recordedApproval?.count == 8)
        let report = try await rig.manager("beta").sync(try rig.pair("beta"))
        #expect(report.approvedDeletions?.machine == "alpha")
        #expect(report.approvedDeletions?.count == 8)
        #expect(report.deleted == 8)
        #expect(rig.contents(of: rig.localRoot("beta")).keys.sorted() == ["f8.txt", "f9.txt"])
    }

    @Test("over a WebDAV container, the approval travels and an unapproved deletion is refused")
    func overWebDAV() async throws {
        try await TestRig.$seam.withValue(.webDAV(.lighttpd)) {
            try await DeletionApprovalTests().travels()
            try await DeletionApprovalTests().unapprovedIsRefused()
        }
    }

    @Test("an approval that cannot be written is a note; the deletions are done here and refused elsewhere")
    func approvalNotWritten() async throws {
        try await twoMachines()
        rig.world.inject(
            Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, path: rig.pairRoot.appending(path: approvalName))
        )
        let report = try await alphaApprovesDeletingEight()
        #expect(report.deleted == 8 && report.recordedApproval == nil)
        #expect(report.warnings.filter { $0.contains("not recorded as approved") }.count == 1, "\(report.warnings)")
        _ = try await expectBetaRefused()
    }

    @Test("a container emptied by another tool, with no approval, still stops the other machine")
    func unapprovedIsRefused() async throws {
        try await twoMachines()
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.pairRoot) }
        let plan = try await expectBetaRefused()
        #expect(plan.approvedDeletions == nil)
        #expect(plan.deletionRefusal?.neededPercent == 80)
    }

    @Test("an approval of other paths does not cover more deletions made afterwards by another tool")
    func approvalOfOtherPaths() async throws {
        try await twoMachines()
        _ = try await alphaApprovesDeletingEight()
        try rig.remove("f8.txt", in: rig.pairRoot)
        let plan = try await expectBetaRefused(count: 9)
        #expect(plan.warnings.contains { $0.contains("do not cover this sync (it covers other paths") })
    }

    @Test("an approval older than this machine's last sync does not cover the same paths deleted again")
    func olderGeneration() async throws {
        try await twoMachines()
        _ = try await alphaApprovesDeletingEight()
        try await rig.manager("beta").sync(try rig.pair("beta"))
        for index in 0..<8 { try rig.put("again \(index)", at: "f\(index).txt", in: rig.localRoot("beta")) }
        try await rig.manager("beta").sync(try rig.pair("beta"))
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.pairRoot) }
        let plan = try await expectBetaRefused()
        #expect(plan.warnings.contains { $0.contains("this machine synced after it was made") })
    }

    @Test("an approval expires after its lifetime")
    func expired() async throws {
        try await twoMachines()
        _ = try await alphaApprovesDeletingEight()
        let plan = try await expectBetaRefused(clockOffset: DeletionApproval.lifetime + 60)
        #expect(plan.warnings.contains { $0.contains("it has expired") })
    }

    @Test("a forged approval for another container copy, a malformed one and an oversized one are ignored")
    func forged() async throws {
        try await twoMachines()
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.pairRoot) }
        let paths = try (0..<10).map { try RelativePath("f\($0).txt") }
        let forged = DeletionApproval(
            pair: "docs", machine: "mallory", approvedAt: Date(timeIntervalSince1970: 1_700_000_000),
            container: ContainerStamp(id: String(repeating: "a", count: 32), sequence: 99), paths: paths)
        try rig.put(String(decoding: try forged.encoded(), as: UTF8.self), at: approvalName, in: rig.pairRoot)
        var plan = try await expectBetaRefused()
        #expect(plan.warnings.contains { $0.contains("it is for another container") })
        let bad = ["{\"version\": 1, \"pair\": \"docs\", \"machine\": \"\\n\"}", "[", "{\"paths\": [\"../x\"]}"]
        for text in bad {
            try rig.put(text, at: approvalName, in: rig.pairRoot)
            plan = try await expectBetaRefused()
            #expect(plan.warnings.filter { $0.contains(approvalName) }.count == 1)
        }
        try rig.put(
            String(repeating: " ", count: DeletionApproval.sizeLimit + 1), at: approvalName, in: rig.pairRoot)
        plan = try await expectBetaRefused()
        #expect(plan.warnings.contains { $0.contains("ignored (larger than") })
    }

    @Test("the limit needed is the smallest that allows the deletions, in 0...100 for any counts a plan file holds")
    func neededPercent() {
        func needed(_ count: Int, _ total: Int) -> Int {
            DeletionRefusal(side: .local, count: count, total: total, limitPercent: 50).neededPercent
        }
        #expect(needed(8, 10) == 80 && needed(5, 6) == 84 && needed(1, 3) == 34 && needed(10, 10) == 100)
        #expect(needed(Int.max - 1, Int.max) == 100 && needed(Int.max, 0) == 100 && needed(-5, 10) == 0)
        #expect(needed(3, -1) == 100 && needed(Int.min, Int.min) == 100)
    }

    @Test("decoding refuses malformed names, paths and sizes")
    func decodeIsStrict() throws {
        let stamp = ContainerStamp(id: String(repeating: "b", count: 32), sequence: 3)
        let good = DeletionApproval(
            pair: "docs", machine: "laptop", approvedAt: Date(timeIntervalSince1970: 0), container: stamp,
            paths: [try RelativePath("a.txt")])
        #expect(try DeletionApproval.decode(try good.encoded(), pair: "docs") == good)
        #expect(throws: ApprovalProblem.self) { try DeletionApproval.decode(try good.encoded(), pair: "other") }
        var bad = good
        bad.machine = "evil\u{1B}[2J"
        #expect(throws: ApprovalProblem.self) { try DeletionApproval.decode(try bad.encoded(), pair: "docs") }
        bad = good
        bad.container.id = "../../etc"
        #expect(throws: ApprovalProblem.self) { try DeletionApproval.decode(try bad.encoded(), pair: "docs") }
        bad = good
        bad.paths = [try RelativePath(".synccli-root")]
        #expect(throws: ApprovalProblem.self) { try DeletionApproval.decode(try bad.encoded(), pair: "docs") }
        let escaping = String(decoding: try good.encoded(), as: UTF8.self).replacingOccurrences(
            of: "a.txt", with: "../a.txt")
        #expect(throws: ApprovalProblem.self) { try DeletionApproval.decode(Data(escaping.utf8), pair: "docs") }
    }

    @Test("an approval names the container copy its deletions were made in: sequence 1 or more, not 0")
    func sequenceZeroIsNoApproval() throws {
        var approval = DeletionApproval(
            pair: "docs", machine: "laptop", approvedAt: Date(timeIntervalSince1970: 0),
            container: ContainerStamp(id: String(repeating: "c", count: 32), sequence: 1),
            paths: [try RelativePath("a.txt")])
        #expect(try DeletionApproval.decode(try approval.encoded(), pair: "docs") == approval)
        approval.container.sequence = 0
        let problem = #expect(throws: ApprovalProblem.self) {
            try DeletionApproval.decode(try approval.encoded(), pair: "docs")
        }
        #expect(problem?.description == "its container id is malformed")
    }

    @Test("an approval that cannot be read is ignored with why; the deletions stay refused")
    func approvalUnreadable() async throws {
        try await twoMachines()
        _ = try await alphaApprovesDeletingEight()
        let url = rig.pairRoot.appending(path: approvalName)
        for operation in [MockOperation.read, .readDocument] {
            rig.world.inject(Fault(CocoaError(.fileReadNoPermission), operation: operation, path: url))
        }
        let plan = try await expectBetaRefused()
        #expect(plan.warnings.contains { $0.contains("ignored (cannot be read: ") }, "\(plan.warnings)")
    }

    @Test("an approval made more than 1,000 syncs of the pair ago no longer covers deletions")
    func tooManySyncsSince() async throws {
        try await twoMachines()
        _ = try await alphaApprovesDeletingEight()
        // 1,001 syncs later, as the container's marker counts them.
        let marker = try #require(rig.text(at: ".synccli-root", in: rig.pairRoot))
        let sequence = try #require(marker.firstMatch(of: /"sequence":(\d+)/).flatMap { Int($0.1) })
        let later = marker.replacing(
            /"sequence":\d+/, with: "\"sequence\":\(sequence + DeletionApproval.generationLimit + 1)")
        try rig.put(later, at: ".synccli-root", in: rig.pairRoot)
        let plan = try await expectBetaRefused()
        #expect(
            plan.warnings.contains {
                $0.contains("the pair synced more than \(DeletionApproval.generationLimit) times since")
            },
            "\(plan.warnings)")
    }
}

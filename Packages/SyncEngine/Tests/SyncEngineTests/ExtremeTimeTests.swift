import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// Modification times at the ends of `Int64` (a file dated after 2262, or before 1678) are
/// compared, never computed with: nothing traps.
@Suite("Extreme modification times")
struct ExtremeTimeTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    @Test("files dated Int64.max and Int64.min sync, conflict and record without a trap")
    func extremes() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("late", at: "late.txt", in: local, time: .max)
        try rig.put("early", at: "early.txt", in: rig.pairRoot, time: .min)
        try rig.put("mine", at: "both.txt", in: local, time: .max)
        try rig.put("your", at: "both.txt", in: rig.pairRoot, time: .min)
        let first = try await manager.sync(pair)
        #expect(first.isComplete)
        #expect(first.conflicts.map(\.kind) == [.bothModified])
        #expect(rig.text(at: "both.txt", in: rig.pairRoot) == "mine", "the later (Int64.max) version keeps the name")
        #expect(rig.contents(of: local) == rig.contents(of: rig.pairRoot))

        try rig.put("later", at: "late.txt", in: rig.pairRoot, time: .max)
        try rig.put("earlier", at: "early.txt", in: local, time: .min)
        let second = try await manager.sync(pair)
        #expect(second.isComplete && second.conflicts.isEmpty)
        #expect(
            rig.text(at: "late.txt", in: local) == "later" && rig.text(at: "early.txt", in: rig.pairRoot) == "earlier")
        let plan = try await manager.plan(pair)
        #expect(plan.actions.isEmpty)
    }
}

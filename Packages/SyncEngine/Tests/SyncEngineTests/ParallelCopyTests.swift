import FileTreeMock
import Foundation
import InMemorySupport
import SyncEngine
import Testing

/// Copies of different paths may run on several threads; the outcome must equal a one-at-a-time
/// run, and a crash at any step must still lose nothing.
@Suite("Parallel copies")
struct ParallelCopyTests {
    /// 120 new files, 10 replaced, 5 conflicts, 10 deletions.
    static func prepare(_ rig: TestRig, _ manager: SyncManager) async throws -> SyncPair {
        let local = rig.localRoot("alpha")
        for index in 0..<40 { try rig.put("old \(index)", at: "base/\(index % 4)/f\(index).txt", in: local) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        for index in 0..<120 { try rig.put("new \(index)", at: "new/\(index % 8)/n\(index).txt", in: local) }
        for index in 0..<10 { try rig.put("edited \(index)", at: "base/\(index % 4)/f\(index).txt", in: local) }
        for index in 10..<15 {
            try rig.put("mine \(index)", at: "base/\(index % 4)/f\(index).txt", in: local)
            try rig.put("theirs \(index)", at: "base/\(index % 4)/f\(index).txt", in: rig.pairRoot)
        }
        for index in 30..<40 { try rig.remove("base/\(index % 4)/f\(index).txt", in: rig.pairRoot) }
        return pair
    }

    @Test("four workers give the same trees and counts as one")
    func sameOutcome() async throws {
        var results: [(contents: [String: String], copied: Int, deleted: Int, conflicts: Int)] = []
        for workers in [1, 4] {
            let rig = TestRig()
            let manager = rig.manager("alpha", copyWorkers: workers)
            let pair = try await Self.prepare(rig, manager)
            let report = try await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
            #expect(report.isComplete)
            #expect(rig.contents(of: rig.localRoot("alpha")) == rig.contents(of: rig.pairRoot))
            #expect(try await manager.plan(pair).actions.isEmpty)
            results.append((rig.contents(of: rig.pairRoot), report.copied, report.deleted, report.conflicts.count))
        }
        #expect(results[0].contents == results[1].contents)
        #expect(results[0].copied == results[1].copied && results[0].deleted == results[1].deleted)
        #expect(results[0].conflicts == results[1].conflicts && results[0].conflicts == 5)
    }

    @Test(
        "a crash at any step of a parallel sync loses nothing, and a fresh run converges",
        arguments: [1, 7, 40, 90, 140, 170])
    func crash(step: Int) async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha", copyWorkers: 4)
        let pair = try await Self.prepare(rig, manager)
        let atRisk = rig.allTexts(below: rig.localRoot("alpha")).union(rig.allTexts(below: rig.pairRoot))
        rig.world.crash(atMutation: rig.world.mutationCount + step)
        _ = try? await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
        rig.world.restart()
        try await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
        #expect(rig.contents(of: rig.localRoot("alpha")) == rig.contents(of: rig.pairRoot))
        let after = rig.allTexts(below: rig.localRoot("alpha")).union(rig.allTexts(below: rig.pairRoot))
        #expect(atRisk.isSubset(of: after), "lost \(atRisk.subtracting(after))")
        #expect(rig.temporaryFiles(below: rig.localRoot("alpha")) + rig.temporaryFiles(below: rig.pairRoot) == [])
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("one worker copies in the plan's order, not dealt out folder by folder as workers are")
    func oneWorkerKeepsPlanOrder() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha", copyWorkers: 1)
        let local = rig.localRoot("alpha")
        for path in ["a/1.txt", "a/2.txt", "b/1.txt", "b/2.txt"] { try rig.put(path, at: path, in: local) }
        try await manager.sync(try rig.pair("alpha"))
        let staged = rig.world.journal.filter { $0.operation == .stageCopy }.map {
            String($0.url.path(percentEncoded: false).dropFirst(rig.pairRoot.path(percentEncoded: false).count))
        }
        #expect(staged.map { $0.trimmingCharacters(in: ["/"]) } == ["a/1.txt", "a/2.txt", "b/1.txt", "b/2.txt"])
    }
}

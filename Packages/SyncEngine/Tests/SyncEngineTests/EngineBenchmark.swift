import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// Times plan and apply over the Mocks (no I/O) for `SYNC_BENCH_FILES` files, with the memory each
/// plan added at its peak (the Mock world's own files apart). Not a timed test: it runs only when
/// the variable is set (scripts/bench-engine sets it), prints its figures, and checks only that
/// the sync did what it should.
@Suite("Engine benchmark", .enabled(if: ProcessInfo.processInfo.environment["SYNC_BENCH_FILES"] != nil))
struct EngineBenchmark {
    @Test("plan and apply of a first sync, then a no-op plan")
    func benchmark() async throws {
        let count = ProcessInfo.processInfo.environment["SYNC_BENCH_FILES"].flatMap(Int.init) ?? 10_000
        let rig = TestRig()
        let root = PathKey(rig.localRoot("alpha"))
        let manager = rig.manager("alpha")
        try rig.world.withTree { tree in
            for folder in 0..<(count / 100 + 1) {
                try tree.makeDirectory(at: root.appending(Array("d\(folder)".utf8)), intermediate: true)
            }
            for index in 0..<count {
                let folder = root.appending(Array("d\(index / 100)".utf8))
                try tree.writeFile(Data("file \(index)".utf8), at: folder.appending(Array("f\(index).txt".utf8)))
            }
        }
        let pair = try rig.pair("alpha")
        let clock = ContinuousClock()
        var plan: SyncPlan?
        let (planTime, planBytes) = try await PeakMemory.measure {
            try await clock.measure { plan = try await manager.plan(pair) }
        }
        let firstPlan = try #require(plan)
        var report: SyncReport?
        let applyTime = try await clock.measure { report = try await manager.apply(firstPlan) }
        let (noopTime, noopBytes) = try await PeakMemory.measure {
            try await clock.measure { plan = try await manager.plan(pair) }
        }
        #expect(report?.copied == count)
        #expect(plan?.actions.isEmpty == true)
        func seconds(_ duration: Duration) -> String {
            String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        print(
            "bench-engine: files=\(count) plan=\(seconds(planTime)) apply=\(seconds(applyTime)) noop-plan=\(seconds(noopTime))"
                + " plan-mib=\(planBytes >> 20) noop-plan-mib=\(noopBytes >> 20)"
        )
    }
}

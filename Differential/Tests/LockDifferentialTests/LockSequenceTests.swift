import DifferentialSupport
import Foundation
import LockDifferential
import Testing

@Suite("Seeded random sequences agree on FileLock and MockPairLocking")
struct LockSequenceTests {
    /// 1,000 sequences, or `DIFFERENTIAL_LOCK_SEQUENCES` (from `DIFFERENTIAL_FIRST_SEED`).
    static let seeds = StepSequences.seeds(
        variable: "DIFFERENTIAL_LOCK_SEQUENCES", defaultCount: 1_000, environment: ProcessInfo.processInfo.environment)

    @Test("every sequence agrees; a divergence is reported shrunk, with its seed")
    func sequencesAgree() throws {
        let divergence = try LockSequences.firstDivergence(seeds: Self.seeds)
        print(
            "boundary corpus lock sequences: \(Self.seeds.count) ran from seed \(Self.seeds.lowerBound), "
                + "\(divergence == nil ? 0 : 1) diverged")
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
    }

    @Test("the comparison can fail: a lock only the Mock holds diverges at the next take")
    func canFail() throws {
        let steps: [LockStep] = [.acquire(instance: 1, name: "docs", holder: "second")]
        #expect(try LockSequences.compare(steps).agreed)
        let tampered = try LockSequences.compare(
            steps, mockFirst: [.acquire(instance: 0, name: "docs", holder: "only in memory")])
        #expect(!tampered.agreed)
        #expect(tampered.lines.first?.contains("DIVERGES live took taken[0] | mock held by \"only in memory\"") == true)
    }

    @Test("a seed names one sequence on every run")
    func seedsAreStable() {
        #expect(LockSequences.steps(seed: 7) == LockSequences.steps(seed: 7))
        #expect(LockSequences.steps(seed: 7) != LockSequences.steps(seed: 8))
    }
}

import BookmarkDifferential
import DifferentialSupport
import Foundation
import Testing

@Suite("Seeded random sequences agree on the bookmark store and resolver, Live and Mock")
struct BookmarkSequenceTests {
    /// 1,000 sequences, or `DIFFERENTIAL_BOOKMARK_SEQUENCES` (from `DIFFERENTIAL_FIRST_SEED`).
    static let seeds = StepSequences.seeds(
        variable: "DIFFERENTIAL_BOOKMARK_SEQUENCES", defaultCount: 1_000,
        environment: ProcessInfo.processInfo.environment)

    @Test("every sequence agrees; a divergence is reported shrunk, with its seed")
    func sequencesAgree() throws {
        let divergence = try BookmarkSequences.firstDivergence(seeds: Self.seeds)
        print(
            "boundary corpus bookmark sequences: \(Self.seeds.count) ran from seed \(Self.seeds.lowerBound), "
                + "\(divergence == nil ? 0 : 1) diverged")
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
    }

    @Test("the comparison can fail: a value only the Mock saved diverges at its load")
    func canFail() throws {
        let steps: [BookmarkStep] = [.load(key: "other")]
        #expect(try BookmarkSequences.compare(steps).agreed)
        let tampered = try BookmarkSequences.compare(steps, mockFirst: [.save(key: "other", value: "only here")])
        #expect(!tampered.agreed)
        #expect(tampered.lines.contains { $0.hasPrefix("load \"other\": DIVERGES live nil | mock value only here") })
    }

    @Test("a seed names one sequence on every run")
    func seedsAreStable() {
        #expect(BookmarkSequences.steps(seed: 7) == BookmarkSequences.steps(seed: 7))
        #expect(BookmarkSequences.steps(seed: 7) != BookmarkSequences.steps(seed: 8))
    }
}

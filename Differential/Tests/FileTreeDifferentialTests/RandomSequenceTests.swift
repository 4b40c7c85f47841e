import FileTreeDifferential
import Foundation
import Testing

@Suite("Seeded random operation sequences agree on the Live file tree and its Mock")
struct RandomSequenceTests {
    /// How many sequences run: 1,000, or `DIFFERENTIAL_SEQUENCES` (with `DIFFERENTIAL_FIRST_SEED`
    /// to start elsewhere).
    static var seeds: Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["DIFFERENTIAL_SEQUENCES"].flatMap { UInt64($0) } ?? 1_000
        let first = environment["DIFFERENTIAL_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
        return first..<(first + count)
    }

    @Test("every sequence agrees; a divergence is reported shrunk, with its seed")
    func sequencesAgree() throws {
        let seeds = Self.seeds
        let divergence = try RandomSequences.firstDivergence(seeds: seeds)
        print(
            "boundary corpus random sequences: \(seeds.count) ran from seed \(seeds.lowerBound), "
                + "\(divergence == nil ? 0 : 1) diverged")
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
        if let shown = ProcessInfo.processInfo.environment["DIFFERENTIAL_SHOW_SEED"].flatMap({ UInt64($0) }) {
            let outcome = try BoundaryCorpus.compare(RandomSequences.sequence(seed: shown))
            print(outcome.boundaryCase, outcome.live.lines.joined(separator: "\n  "), separator: "\n  ")
        }
    }

    @Test("shrinking keeps removing operations while the case still fails")
    func shrinking() throws {
        // A note of a divergence on a case that agrees fails whatever its operations: it shrinks to none.
        let noted = BoundaryCase(
            .types, "a probe to shrink", setup: [.file("root/a")], operations: [.scan(), .entry("a"), .digest("a")],
            knownDivergence: "none, really")
        let shrunk = try RandomSequences.shrink(try BoundaryCorpus.compare(noted))
        #expect(shrunk.boundaryCase.operations.isEmpty)
        #expect(!shrunk.isAcceptable)
    }

    @Test("a seed names one sequence on every run")
    func seedsAreStable() {
        let first = RandomSequences.sequence(seed: 42).operations.map { "\($0)" }
        let again = RandomSequences.sequence(seed: 42).operations.map { "\($0)" }
        #expect(first == again)
        #expect(first != RandomSequences.sequence(seed: 43).operations.map { "\($0)" })
    }
}

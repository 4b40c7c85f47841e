import AccessorDifferential
import Foundation
import InMemorySupport
import Testing

@Suite("Seeded random sequences agree on DefaultFileAccessor and MockFileAccessor")
struct AccessorSequenceTests {
    /// 1,000 sequences, or `DIFFERENTIAL_ACCESSOR_SEQUENCES` (from `DIFFERENTIAL_FIRST_SEED`).
    static var seeds: Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["DIFFERENTIAL_ACCESSOR_SEQUENCES"].flatMap { UInt64($0) } ?? 1_000
        let first = environment["DIFFERENTIAL_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
        return first..<(first + count)
    }

    @Test("every sequence agrees; a divergence is reported shrunk, with its seed")
    func sequencesAgree() throws {
        let seeds = Self.seeds
        let divergence = try AccessorSequences.firstDivergence(seeds: seeds)
        print(
            "boundary corpus file accessor sequences: \(seeds.count) ran from seed \(seeds.lowerBound), "
                + "\(divergence == nil ? 0 : 1) diverged")
        #expect(divergence == nil, "\(divergence.map(String.init(describing:)) ?? "")")
    }

    @Test("the comparison can fail: a file only the Mock has diverges, in the step and in the final reads")
    func canFail() throws {
        let steps: [AccessorStep] = [.read("a")]
        #expect(try AccessorSequences.compare(steps).agreed)
        let tampered = try AccessorSequences.compare(steps) { tree in
            try tree.writeFile(Data("only here".utf8), at: PathKey(path: "/base/a"))
        }
        #expect(!tampered.agreed)
        #expect(tampered.lines.contains { $0.hasPrefix("read \"a\": DIVERGES") })
    }

    @Test("a seed names one sequence on every run")
    func seedsAreStable() {
        #expect(AccessorSequences.steps(seed: 7) == AccessorSequences.steps(seed: 7))
        #expect(AccessorSequences.steps(seed: 7) != AccessorSequences.steps(seed: 8))
    }
}

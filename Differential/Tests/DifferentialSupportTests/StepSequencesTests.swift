import DifferentialSupport
import Testing

@Suite("Seeded sequences, the first divergence and shrinking")
struct StepSequencesTests {
    /// A comparison that diverges exactly when the steps hold a 3.
    static func divergesOnThree(_ steps: [Int]) -> StepComparison {
        (steps.map { $0 == 3 ? "\($0): DIVERGES" : "\($0)" }, !steps.contains(3))
    }

    @Test("the first diverging seed is reported, shrunk to the steps that still diverge")
    func firstDivergenceIsShrunk() throws {
        let steps: (UInt64) -> [Int] = { seed in seed == 4 ? [1, 3, 5, 3, 2] : [1, 2] }
        let divergence = try #require(
            try StepSequences.firstDivergence(seeds: 0..<10, steps: steps, compare: Self.divergesOnThree))
        #expect(divergence.seed == 4)
        #expect(divergence.steps == [3])
        #expect(divergence.transcript == ["3: DIVERGES"])
        #expect(divergence.description.hasPrefix("seed 4, 1 steps:"))
    }

    @Test("sequences that all agree report nothing")
    func agreementIsNil() throws {
        #expect(
            try StepSequences.firstDivergence(seeds: 0..<10, steps: { _ in [1, 2] }, compare: Self.divergesOnThree)
                == nil)
    }

    @Test("the environment names how many sequences run and from which seed")
    func seedsFromTheEnvironment() {
        #expect(StepSequences.seeds(variable: "N", defaultCount: 5, environment: [:]) == 0..<5)
        #expect(
            StepSequences.seeds(
                variable: "N", defaultCount: 5, environment: ["N": "3", "DIFFERENTIAL_FIRST_SEED": "10"])
                == 10..<13)
    }

    @Test("a seed names the same numbers on every run")
    func seededRandomIsStable() {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 43)
        let a = (0..<4).map { _ in first.next() }
        #expect(a == (0..<4).map { _ in second.next() })
        #expect(a != (0..<4).map { _ in other.next() })
    }
}

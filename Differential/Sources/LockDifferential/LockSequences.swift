public import DifferentialSupport
import LockInterface

/// Seeded random step sequences run against `FileLock` instances on a fresh folder and
/// `MockPairLocking` instances on a fresh in-memory world, every result compared; a divergence
/// is shrunk to a shortest sequence before it is reported.
///
/// ```swift
/// if let divergence = try LockSequences.firstDivergence(seeds: 0..<1_000) { print(divergence) }
/// ```
public enum LockSequences {
    /// Where the two sides first said different things.
    public typealias Divergence = SequenceDivergence<LockStep>

    /// The steps of sequence `seed`: `length` random steps, most of them takes and releases.
    public static func steps(seed: UInt64, length: Int = 10) -> [LockStep] {
        var random = SeededRandom(seed: seed)
        return (0..<length).map { _ in step(&random) }
    }

    /// Runs `steps`, then a take and a release of every name of the corpus by a fresh instance,
    /// on both sides.
    /// - Parameters:
    ///   - steps: the steps.
    ///   - mockFirst: steps run on the Mock alone before, for the tests that prove a difference
    ///     is caught.
    /// - Returns: the transcript lines, and whether every line agreed.
    /// - Throws: when a side's folder cannot be made.
    public static func compare(_ steps: [LockStep], mockFirst: [LockStep] = []) throws -> StepComparison {
        let live = try LiveLockSide()
        let mock = try MockLockSide()
        for step in mockFirst { _ = mock.run(step) }
        let finals = LockCorpus.names.flatMap { name in
            [LockStep.acquire(instance: 0, name: name, holder: "final"), .release(index: -1)]
        }
        return StepSequences.compare(steps + finals, live: live.run, mock: mock.run)
    }

    /// Runs the sequences of `seeds`; returns the first that diverges, shrunk, or nil.
    /// - Throws: when a side's folder cannot be made.
    public static func firstDivergence(seeds: some Sequence<UInt64>) throws -> Divergence? {
        try StepSequences.firstDivergence(seeds: seeds, steps: { steps(seed: $0) }, compare: { try compare($0) })
    }

    private static func step(_ random: inout SeededRandom) -> LockStep {
        let name = random.pick(LockCorpus.names)
        switch random.next() % 10 {
        case 0, 1, 2, 3, 4:
            return .acquire(
                instance: Int(random.next() % UInt64(LockCorpus.instances)), name: name,
                holder: random.pick(LockCorpus.holders))
        case 5, 6, 7: return .release(index: Int(random.next() % 8))
        case 8: return .plant(name: name, random.pick(LockCorpus.plants))
        default: return .removeFile(name: name)
        }
    }
}

public import DifferentialSupport
public import InMemorySupport

/// Seeded random step sequences run against `DefaultFileAccessor` in a temporary folder and
/// against `MockFileAccessor` on an in-memory world, every result and error kind compared
/// (issue 18's differential run for the file accessor trio). A divergence is shrunk to a
/// shortest sequence that still diverges before it is reported.
///
/// ```swift
/// if let divergence = try AccessorSequences.firstDivergence(seeds: 0..<1_000) { print(divergence) }
/// ```
public enum AccessorSequences {
    /// Where the two sides first said different things.
    public typealias Divergence = SequenceDivergence<AccessorStep>

    /// The steps of sequence `seed`: `length` random steps, two in three of them accessor calls.
    public static func steps(seed: UInt64, length: Int = 12) -> [AccessorStep] {
        var random = SeededRandom(seed: seed)
        return (0..<length).map { _ in step(&random) }
    }

    /// Runs `steps` (after ``AccessorCorpus/start``, then a read and an exists of every
    /// spelling) on both sides.
    /// - Parameters:
    ///   - steps: the steps.
    ///   - tamperingWithMock: a change made to the Mock's tree alone before the steps (the base
    ///     folder is `/base`), for the tests that prove a difference is caught.
    /// - Returns: the transcript lines, and whether every line agreed.
    /// - Throws: when a side's folder cannot be made, or what the tampering throws.
    public static func compare(
        _ steps: [AccessorStep], tamperingWithMock: ((inout InMemoryTree) throws -> Void)? = nil
    ) throws -> (lines: [String], agreed: Bool) {
        let live = try LiveAccessorSide()
        let mock = try MockAccessorSide()
        if let tamperingWithMock { try mock.world.withTree(tamperingWithMock) }
        let finals = AccessorCorpus.spellings.flatMap { [AccessorStep.read($0), .exists($0)] }
        return StepSequences.compare(AccessorCorpus.start + steps + finals, live: live.run, mock: mock.run)
    }

    /// Runs the sequences of `seeds`; returns the first that diverges, shrunk, or nil.
    /// - Throws: when a side's folder cannot be made.
    public static func firstDivergence(seeds: some Sequence<UInt64>) throws -> Divergence? {
        try StepSequences.firstDivergence(seeds: seeds, steps: { steps(seed: $0) }, compare: { try compare($0) })
    }

    private static func step(_ random: inout SeededRandom) -> AccessorStep {
        let spelling = random.pick(AccessorCorpus.spellings)
        let name = random.pick(AccessorCorpus.names)
        switch random.next() % 12 {
        case 0, 1, 2: return .write(spelling, contents: random.pick(["one", "two", ""]))
        case 3, 4: return .read(spelling)
        case 5, 6: return .exists(spelling)
        case 7: return .makeFolder(name)
        case 8: return .remove(name)
        case 9, 10: return .rename(name, to: random.pick(AccessorCorpus.names))
        default: return .link(name, target: random.pick(AccessorCorpus.targets))
        }
    }
}

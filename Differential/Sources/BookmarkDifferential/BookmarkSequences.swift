public import DifferentialSupport

/// Seeded random step sequences run against `DefaultBookmarkStorage` and
/// `DefaultBookmarkResolver` in a fresh folder and against `MockBookmarkStorage` and
/// `MockBookmarkResolver` on a fresh in-memory world, every result and error kind compared; a
/// divergence is shrunk to a shortest sequence before it is reported.
///
/// ```swift
/// if let divergence = try BookmarkSequences.firstDivergence(seeds: 0..<1_000) { print(divergence) }
/// ```
public enum BookmarkSequences {
    /// Where the two sides first said different things.
    public typealias Divergence = SequenceDivergence<BookmarkStep>

    /// The steps of sequence `seed`: `length` random steps, half of them store calls.
    public static func steps(seed: UInt64, length: Int = 12) -> [BookmarkStep] {
        var random = SeededRandom(seed: seed)
        return (0..<length).map { _ in step(&random) }
    }

    /// Runs `steps` (after ``BookmarkCorpus/start``, then a load of every key and a resolve of
    /// every bookmark made) on both sides.
    /// - Parameters:
    ///   - steps: the steps.
    ///   - mockFirst: steps run on the Mock alone first, for the tests that prove a difference is
    ///     caught.
    /// - Returns: the transcript lines, and whether every line agreed.
    /// - Throws: when a side's folder cannot be made.
    public static func compare(_ steps: [BookmarkStep], mockFirst: [BookmarkStep] = []) throws -> StepComparison {
        let live = try LiveBookmarkSide()
        let mock = try MockBookmarkSide()
        for step in mockFirst { _ = mock.run(step) }
        let loads = BookmarkCorpus.keys.map { BookmarkStep.load(key: $0) }
        let marks = steps.filter { if case .mark = $0 { true } else { false } }.count
        let resolves = (0..<marks).map { BookmarkStep.resolve(index: $0) }
        return StepSequences.compare(BookmarkCorpus.start + steps + loads + resolves, live: live.run, mock: mock.run)
    }

    /// Runs the sequences of `seeds`; returns the first that diverges, shrunk, or nil.
    /// - Throws: when a side's folder cannot be made.
    public static func firstDivergence(seeds: some Sequence<UInt64>) throws -> Divergence? {
        try StepSequences.firstDivergence(seeds: seeds, steps: { steps(seed: $0) }, compare: { try compare($0) })
    }

    private static func step(_ random: inout SeededRandom) -> BookmarkStep {
        let key = random.pick(BookmarkCorpus.keys)
        let name = random.pick(BookmarkCorpus.names)
        switch random.next() % 20 {
        case 0, 1, 2, 3: return .save(key: key, value: random.pick(BookmarkCorpus.values))
        case 4, 5: return .load(key: key)
        case 6: return .damage(key: key, random.pick(BookmarkCorpus.plants))
        case 7: return .copyEntry(from: key, to: random.pick(BookmarkCorpus.keys))
        case 8: return random.next() % 2 == 0 ? .plantStore(random.pick(BookmarkCorpus.plants)) : .removeStore
        case 9, 10: return .makeFolder(name)
        case 11: return .remove(name)
        case 12, 13: return .rename(name, to: random.pick(BookmarkCorpus.names))
        case 14: return .link(name, target: random.pick(BookmarkCorpus.targets))
        case 15, 16: return .mark(name)
        default: return .resolve(index: Int(random.next() % 4))
        }
    }
}

/// Where a Live and its Mock first said different things over one seeded step sequence.
public struct SequenceDivergence<Step: Sendable & CustomStringConvertible>: Sendable, CustomStringConvertible {
    /// The seed of the sequence that diverged.
    public let seed: UInt64
    /// The shortest steps found that still diverge.
    public let steps: [Step]
    /// Each step with what the Live and the Mock said, the differences marked `DIVERGES`.
    public let transcript: [String]

    public var description: String {
        "seed \(seed), \(steps.count) steps:\n  " + transcript.joined(separator: "\n  ")
    }
}

/// What one run of steps on both sides said: one line per step, and whether every line agreed.
public typealias StepComparison = (lines: [String], agreed: Bool)

/// The loop every differential run of a trio shares: run seeded sequences on both sides, stop at
/// the first that diverges, shrink it to a shortest diverging sequence and report it with its
/// seed and transcript.
public enum StepSequences {
    /// Runs the sequences of `seeds`; returns the first that diverges, shrunk, or nil.
    /// - Parameters:
    ///   - seeds: the sequences to run.
    ///   - steps: the steps of one seed.
    ///   - compare: runs steps on a fresh Live and a fresh Mock and compares what they said.
    /// - Throws: what `compare` throws (a side that cannot be set up).
    public static func firstDivergence<Step>(
        seeds: some Sequence<UInt64>, steps: (UInt64) -> [Step], compare: ([Step]) throws -> StepComparison
    ) throws -> SequenceDivergence<Step>? {
        for seed in seeds {
            let candidate = steps(seed)
            if try compare(candidate).agreed { continue }
            let shortest = try shrink(candidate, compare: compare)
            return SequenceDivergence(seed: seed, steps: shortest, transcript: try compare(shortest).lines)
        }
        return nil
    }

    /// Runs each of `steps` on both sides, in order, and compares what they said: one transcript
    /// line per step (`<step>: <what both said>`, or `<step>: DIVERGES live <…> | mock <…>`).
    /// - Parameters:
    ///   - steps: the steps, as both sides run them.
    ///   - live: runs a step on the Live side and says what it did.
    ///   - mock: runs a step on the Mock side and says what it did.
    /// - Returns: the transcript, and whether every line agreed.
    public static func compare<Step: CustomStringConvertible>(
        _ steps: [Step], live: (Step) -> String, mock: (Step) -> String
    ) -> StepComparison {
        var lines: [String] = []
        var agreed = true
        for step in steps {
            let (onDisk, inMemory) = (live(step), mock(step))
            if onDisk == inMemory {
                lines.append("\(step): \(onDisk)")
            } else {
                agreed = false
                lines.append("\(step): DIVERGES live \(onDisk) | mock \(inMemory)")
            }
        }
        return (lines, agreed)
    }

    /// Drops one step at a time while the sequence still diverges.
    /// - Parameters:
    ///   - failing: steps that diverge.
    ///   - compare: runs steps on both sides and compares them.
    /// - Returns: the shortest diverging steps found.
    /// - Throws: what `compare` throws.
    public static func shrink<Step>(_ failing: [Step], compare: ([Step]) throws -> StepComparison) throws -> [Step] {
        var best = failing
        var index = 0
        while index < best.count {
            var smaller = best
            smaller.remove(at: index)
            if try compare(smaller).agreed { index += 1 } else { best = smaller }
        }
        return best
    }

    /// The sequences a test runs: `defaultCount` from seed 0, or `<prefix>_SEQUENCES` from
    /// `DIFFERENTIAL_FIRST_SEED` when the environment names them.
    /// - Parameters:
    ///   - variable: the environment variable giving the count (e.g. `DIFFERENTIAL_LOCK_SEQUENCES`).
    ///   - defaultCount: how many run by default.
    ///   - environment: the environment to read.
    public static func seeds(variable: String, defaultCount: UInt64, environment: [String: String]) -> Range<UInt64> {
        let count = environment[variable].flatMap { UInt64($0) } ?? defaultCount
        let first = environment["DIFFERENTIAL_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
        return first..<(first + count)
    }
}

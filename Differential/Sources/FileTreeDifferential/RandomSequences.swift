import DifferentialSupport

/// Seeded random operation sequences over the corpus's odd names: the seed of issue 18's
/// differential run. Each sequence is a ``BoundaryCase`` (empty setup, a few direct changes among
/// the calls), so it runs and compares exactly as the table does; a sequence that diverges is
/// shrunk to a shortest failing one before it is reported.
///
/// ```swift
/// let failure = try RandomSequences.firstDivergence(seeds: 0..<300)
/// ```
public enum RandomSequences {
    /// Names the sequences draw from: few enough that operations collide, odd enough to matter.
    static let names: [String] = [
        "a", "b", "caf\u{E9}", "cafe\u{301}", "Readme", "README", "a\tb", ".synccli-root",
        ".synccli-tmp-0123456789abcdef",
        "trail.", " lead", String(repeating: "n", count: 255), String(repeating: "\u{E9}", count: 128),
    ]

    /// Paths: a name, or a name inside a name.
    static let paths: [String] = names + ["a/b", "a/caf\u{E9}", "b/a", "cafe\u{301}/a", "a/b/a"]

    /// What every sequence starts from: a file, a folder holding a file, and an NFC name whose
    /// NFD twin the sequence may make.
    static let start: [Step] = [
        .file("root/a"), .folder("root/b"), .file("root/b/a"), .file("root/caf\u{E9}", modified: Times.second),
    ]

    /// The sequence for `seed`: `length` steps, each a call or (one time in eight) a direct change.
    public static func sequence(seed: UInt64, length: Int = 10) -> BoundaryCase {
        var random = SeededRandom(seed: seed)
        var operations: [Operation] = []
        for _ in 0..<length { operations.append(operation(&random)) }
        operations.append(.scan())
        operations.append(.scan(.other))
        return BoundaryCase(.types, "random sequence \(seed)", setup: start, operations: operations)
    }

    /// Runs the sequences of `seeds` and returns the first that diverges, shrunk, or nil.
    /// - Throws: a set-up failure of a side.
    public static func firstDivergence(seeds: some Sequence<UInt64>) throws -> Outcome? {
        for seed in seeds {
            let outcome = try BoundaryCorpus.compare(sequence(seed: seed))
            if !outcome.isAcceptable { return try shrink(outcome) }
        }
        return nil
    }

    /// Drops one operation at a time while the case still fails; returns the shortest found.
    /// - Parameter failing: an outcome that is not acceptable.
    /// - Returns: the outcome of the shortest case found that still fails (its note, if any, kept).
    /// - Throws: a set-up failure of a side.
    public static func shrink(_ failing: Outcome) throws -> Outcome {
        var best = failing
        var index = 0
        while index < best.boundaryCase.operations.count {
            var operations = best.boundaryCase.operations
            operations.remove(at: index)
            let smaller = BoundaryCase(
                best.boundaryCase.family, best.boundaryCase.name, setup: best.boundaryCase.setup,
                operations: operations, knownDivergence: best.boundaryCase.knownDivergence)
            let outcome = try BoundaryCorpus.compare(smaller)
            if outcome.isAcceptable { index += 1 } else { best = outcome }
        }
        return best
    }

    private static func operation(_ random: inout SeededRandom) -> Operation {
        let path = random.pick(paths)
        let other = random.pick(paths)
        let top = "root/" + random.pick(names)  // direct changes stay at the top, where no link is on the way
        switch random.next() % 16 {
        case 0, 1: return .makeDirectory(path)
        case 2: return .removeItem(path)
        case 3: return .removeEmptyFolder(path)
        case 4, 5: return .move(path, to: other)
        case 6: return .setPermissions(random.pick([0o600, 0o4755, 0o1777, 0]), path)
        case 7, 8: return .copy(path, to: other, into: random.next() % 2 == 0 ? .main : .other)
        case 9: return .digest(path)
        case 10, 11: return .entry(path)
        case 12: return .scan()
        case 13: return .change(.file(top, contents: "changed"))
        case 14: return .change(.link(top, target: random.pick(["a", "$BASE/outside", "../outside"])))
        default: return .change(.fifo(top))
        }
    }
}

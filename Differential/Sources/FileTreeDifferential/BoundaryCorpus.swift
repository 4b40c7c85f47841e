/// The boundary corpus of issue 9: every case, and how to run one on both sides.
///
/// ```swift
/// @Test(arguments: BoundaryCorpus.cases)
/// func agree(_ boundaryCase: BoundaryCase) throws {
///     let outcome = try BoundaryCorpus.compare(boundaryCase)
///     #expect(outcome.isAcceptable, "\(outcome)")
/// }
/// ```
public enum BoundaryCorpus {
    /// Every case, family by family.
    public static let cases: [BoundaryCase] = nameCases + typeCases + identityCases + modeCases + edgeCases

    /// Runs `boundaryCase` on a fresh Live side and a fresh Mock side and compares them.
    /// - Returns: whether they agreed, where they did not, and what was skipped.
    /// - Throws: a set-up step that failed on a side for a reason other than ``CannotModel``.
    public static func compare(_ boundaryCase: BoundaryCase) throws -> Outcome {
        let live = try CaseRunner.run(boundaryCase, on: try LiveSide())
        let mock = try CaseRunner.run(boundaryCase, on: try MockSide())
        return Outcome(boundaryCase: boundaryCase, live: live, mock: mock)
    }
}

/// What the two sides made of one case.
public struct Outcome: Sendable, CustomStringConvertible {
    /// The case.
    public let boundaryCase: BoundaryCase
    /// The Live side's transcript.
    public let live: Transcript
    /// The Mock side's transcript.
    public let mock: Transcript

    /// Puts two transcripts of one case side by side.
    public init(boundaryCase: BoundaryCase, live: Transcript, mock: Transcript) {
        self.boundaryCase = boundaryCase
        self.live = live
        self.mock = mock
    }

    /// How the case ended.
    public enum Verdict: Sendable, Equatable {
        /// Both sides ran it and reported the same, breaking no expectation.
        case agreed
        /// One side could not model it; the reason.
        case skipped(side: String, reason: String)
        /// The sides disagree, and the case says why (a divergence not fixed yet).
        case knownDivergence(String)
        /// The sides disagree (or one broke a design expectation) and the case does not say so.
        case diverged
        /// The case says the sides disagree, but they now agree: the note must go.
        case divergenceFixed
    }

    /// How the case ended.
    public var verdict: Verdict {
        if let reason = live.skipped { return .skipped(side: "Live", reason: reason) }
        if let reason = mock.skipped { return .skipped(side: "Mock", reason: reason) }
        let agree = live.lines == mock.lines && live.violations.isEmpty && mock.violations.isEmpty
        switch (agree, boundaryCase.knownDivergence) {
        case (true, nil): return .agreed
        case (true, .some): return .divergenceFixed
        case (false, .some(let reason)): return .knownDivergence(reason)
        case (false, nil): return .diverged
        }
    }

    /// Whether the case passes: agreed, skipped on one side with a reason, or a known divergence.
    public var isAcceptable: Bool {
        switch verdict {
        case .agreed, .skipped, .knownDivergence: true
        case .diverged, .divergenceFixed: false
        }
    }

    /// The first differing lines and the broken expectations, for a failure message.
    public var description: String {
        var text = "\(boundaryCase): \(verdict)"
        for violation in live.violations + mock.violations { text += "\n  " + violation }
        for index in 0..<max(live.lines.count, mock.lines.count) {
            let left = index < live.lines.count ? live.lines[index] : "(none)"
            let right = index < mock.lines.count ? mock.lines[index] : "(none)"
            if left != right { text += "\n  Live: \(left)\n  Mock: \(right)" }
        }
        return text
    }
}

/// Counts of a corpus run, per family and overall, and the reasons for what was not compared.
public struct CorpusSummary: Sendable {
    /// Every outcome, in corpus order.
    public let outcomes: [Outcome]

    /// Summarizes `outcomes`.
    public init(_ outcomes: [Outcome]) {
        self.outcomes = outcomes
    }

    /// How many cases ran.
    public var ran: Int { outcomes.count }
    /// How many both sides ran and agreed on.
    public var agreed: Int { outcomes.filter { $0.verdict == .agreed }.count }
    /// How many one side could not model.
    public var skipped: Int { outcomes.filter { if case .skipped = $0.verdict { true } else { false } }.count }
    /// How many are known divergences, still diverging.
    public var known: Int { outcomes.filter { if case .knownDivergence = $0.verdict { true } else { false } }.count }
    /// The cases that fail: an unexplained divergence, or a known one that is fixed now.
    public var diverged: [String] { outcomes.filter { !$0.isAcceptable }.map(\.boundaryCase.description) }

    /// A few lines for a test log: totals, per family, then each skip reason and known divergence.
    public var report: String {
        var lines = [
            "boundary corpus: \(ran) cases ran, \(agreed) agreed, \(skipped) skipped on one side, "
                + "\(known) known divergences, \(diverged.count) diverged"
        ]
        for family in BoundaryCase.Family.allCases {
            let mine = CorpusSummary(outcomes.filter { $0.boundaryCase.family == family })
            lines.append(
                "  \(family.rawValue): \(mine.ran) ran, \(mine.agreed) agreed, \(mine.skipped) skipped, \(mine.known) known"
            )
        }
        var reasons: [String: Int] = [:]
        for outcome in outcomes {
            switch outcome.verdict {
            case .skipped(let side, let reason): reasons["skipped on the \(side): \(reason)", default: 0] += 1
            case .knownDivergence(let reason): reasons["known divergence: \(reason)", default: 0] += 1
            default: continue
            }
        }
        for (reason, count) in reasons.sorted(by: { $0.key < $1.key }) { lines.append("  \(count) × \(reason)") }
        return lines.joined(separator: "\n")
    }
}

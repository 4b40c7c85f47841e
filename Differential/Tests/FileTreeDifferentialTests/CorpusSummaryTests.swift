import FileTreeDifferential
import Foundation
import Testing

@Suite("The boundary corpus is large enough and says what it could not compare")
struct CorpusSummaryTests {
    @Test("the corpus has at least 200 cases, unique names, and every family")
    func shape() {
        let names = BoundaryCorpus.cases.map(\.name)
        #expect(names.count >= 200)
        #expect(Set(names).count == names.count, "a case name is used twice")
        for family in BoundaryCase.Family.allCases {
            #expect(BoundaryCorpus.cases.contains { $0.family == family }, "no case of \(family)")
        }
    }

    @Test("a summary prints how many cases ran, agreed, and were skipped on one side, with the reasons")
    func summary() throws {
        let outcomes = try BoundaryCorpus.cases.map(BoundaryCorpus.compare)
        let summary = CorpusSummary(outcomes)
        print(summary.report)
        if let filter = ProcessInfo.processInfo.environment["DIFFERENTIAL_SHOW"] {  // a case's transcript, by name
            for outcome in outcomes where outcome.boundaryCase.name.contains(filter) {
                print(outcome.boundaryCase, outcome.live.lines.joined(separator: "\n  "), separator: "\n  ")
            }
        }
        #expect(summary.ran == BoundaryCorpus.cases.count)
        #expect(summary.diverged.isEmpty, "\(summary.diverged)")
        #expect(summary.agreed + summary.skipped + summary.known == summary.ran)
    }
}

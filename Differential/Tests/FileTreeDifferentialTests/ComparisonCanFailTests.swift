import FileTreeDifferential
import FileTreeInterface
import InMemorySupport
import Testing

/// Proves the comparison can fail: two sides that differ are caught, and a note of a known
/// divergence must go once the sides agree.
@Suite("The differential comparison catches sides that differ")
struct ComparisonCanFailTests {
    static let probe = BoundaryCase(
        .types, "a probe: a file is scanned and copied", setup: [.file("root/a")],
        operations: [.scan(), .entry("a"), .copy("a", to: "a")])

    @Test("a Mock whose every call fails diverges from a sound Mock")
    func faultyMockDiverges() throws {
        let faulty = try MockSide()
        faulty.world.inject(Fault(TreeError.notFound(.root)))
        let outcome = Outcome(
            boundaryCase: Self.probe, live: try CaseRunner.run(Self.probe, on: try MockSide()),
            mock: try CaseRunner.run(Self.probe, on: faulty))
        #expect(outcome.verdict == .diverged)
        #expect(!outcome.isAcceptable)
        #expect(outcome.description.contains("Mock: scan root: notFound(.)"), "\(outcome)")
    }

    @Test("a case noted as a known divergence fails once the sides agree, so the note goes")
    func fixedDivergenceFails() throws {
        let noted = BoundaryCase(
            .types, "a probe noted as diverging", setup: [.file("root/a")], operations: [.scan()],
            knownDivergence: "a reason that no longer holds")
        let outcome = try BoundaryCorpus.compare(noted)
        #expect(outcome.verdict == .divergenceFixed)
        #expect(!outcome.isAcceptable)
    }

    @Test("a side that breaks a design expectation diverges even when both sides agree")
    func brokenExpectationDiverges() throws {
        let wrong = BoundaryCase(
            .identities, "a probe expecting a move to change identity", setup: [.file("root/a")],
            operations: [.remember("a", as: "a"), .move("a", to: "b"), .identity("b", of: "a", same: false)])
        let outcome = try BoundaryCorpus.compare(wrong)
        #expect(outcome.verdict == .diverged)
        #expect(outcome.live.violations.count == 1 && outcome.mock.violations.count == 1)
    }
}

import FileTreeDifferential
import Testing

@Suite("The Live file tree and its Mock agree on every case of the boundary corpus")
struct BoundaryCorpusTests {
    @Test(
        "a case reports the same entries, scan problems and error kinds on both sides", arguments: BoundaryCorpus.cases)
    func agree(_ boundaryCase: BoundaryCase) throws {
        let outcome = try BoundaryCorpus.compare(boundaryCase)
        #expect(outcome.isAcceptable, "\(outcome)")
    }
}

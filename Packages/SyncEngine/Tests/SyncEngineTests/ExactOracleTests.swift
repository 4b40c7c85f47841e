import FileTreeInterface
import Testing

@testable import SyncEngine

/// The exact oracle itself: it sees an action more, an action fewer and a conflict copy
/// misnamed, so a suite that passes through it has been held to every action.
@Suite("The exact oracle")
struct ExactOracleTests {
    static func action(_ operation: SyncAction.Operation, _ side: SyncSide, _ path: String, from source: String? = nil)
        throws -> SyncAction
    {
        SyncAction(
            operation, on: side, path: try RelativePath(path), source: try source.map(RelativePath.init),
            group: try RelativePath(path), reason: "test")
    }

    static func report(_ done: [SyncAction], conflicts: [ConflictReport] = []) -> SyncReport {
        var report = SyncReport(pair: "docs")
        report.done = done
        report.conflicts = conflicts
        return report
    }

    @Test("a sync that does exactly what is predicted passes; one more action or one fewer is named")
    func moreAndFewer() throws {
        let prediction = ReferenceModel.Prediction(actions: ["copy container a"])
        #expect(ExactOracle.differences(prediction, Self.report([try Self.action(.copy, .container, "a")])).isEmpty)
        let more = ExactOracle.differences(
            prediction, Self.report([try Self.action(.copy, .container, "a"), try Self.action(.trash, .local, "b")]))
        #expect(more == ["did more than it must: [\"trash local b\"]"])
        #expect(ExactOracle.differences(prediction, Self.report([])) == ["did not do: [\"copy container a\"]"])
    }

    @Test("a conflict copy is predicted by its path and named from the report; a misnamed one is reported")
    func conflictCopies() throws {
        let copy = "d/f (conflict 2026-01-01 000000 alpha).txt"
        let prediction = ReferenceModel.Prediction(
            actions: ["move local \(ReferenceModel.copyToken(of: "d/f.txt")) <- d/f.txt"], conflicts: ["d/f.txt"])
        let conflict = ConflictReport(
            path: try RelativePath("d/f.txt"), kind: .bothModified, keptAs: try RelativePath(copy), resolution: "")
        let done = [try Self.action(.move, .local, copy, from: "d/f.txt")]
        #expect(ExactOracle.differences(prediction, Self.report(done, conflicts: [conflict])).isEmpty)
        #expect(
            ExactOracle.differences(prediction, Self.report(done)).contains {
                $0.hasPrefix("reported conflicts at []")
            })
        var misnamed = conflict
        misnamed.keptAs = try RelativePath("elsewhere/f.txt")
        #expect(
            ExactOracle.differences(prediction, Self.report(done, conflicts: [misnamed])).contains {
                $0.contains("not as a conflict copy beside it")
            })
    }

    @Test("the model: a file changed on one side is trashed and copied on the other, and nothing else moves")
    func modelPropagates() {
        let entry = { (text: String, identity: UInt64) in
            ReferenceModel.Entry(isFolder: false, text: text, identity: identity, modified: 0)
        }
        let record = ReferenceModel.Record(isFolder: false, text: "old", identity: [.local: 1, .container: 2])
        let prediction = ReferenceModel.predict(
            local: ["f": entry("new", 3), "g": entry("old", 4)],
            container: ["f": entry("old", 2), "g": entry("old", 5)],
            archive: [
                "f": record,
                "g": ReferenceModel.Record(isFolder: false, text: "old", identity: [.local: 4, .container: 5]),
            ]
        )
        #expect(prediction?.actions.sorted() == ["copy container f", "trash container f"])
    }
}

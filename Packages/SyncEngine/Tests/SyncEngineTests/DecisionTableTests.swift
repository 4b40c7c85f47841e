import Foundation
import SyncEngine
import Testing

/// DESIGN §5's decision table, one row per combination of archive presence, local state,
/// container state and kind, each run through the whole engine on the Mocks and held both to its
/// end state and to the exact actions the reference model predicts.
@Suite("The decision table")
struct DecisionTableTests {
    /// What one side does to the path `f` before the sync (the container's edits model another
    /// machine's synced change).
    enum Edit: CustomStringConvertible {
        case keep
        case write(String)
        /// Written again with the text it has (a save without changes).
        case rewrite
        case delete
        case folder
        case folderWithFile(String)

        var description: String {
            switch self {
            case .keep: "unchanged"
            case .write(let text): "write \(text)"
            case .rewrite: "rewritten unchanged"
            case .delete: "delete"
            case .folder: "folder"
            case .folderWithFile(let text): "folder with a file \(text)"
            }
        }
    }

    /// What the archive knows before the edits.
    enum Start: CustomStringConvertible {
        case nothing
        case file
        /// An archived file whose contents the engine read: both sides made it with the same text.
        case comparedFile
        case folder

        var description: String {
            switch self {
            case .nothing: "no archive"
            case .file: "archived file"
            case .comparedFile: "archived file, contents compared"
            case .folder: "archived folder"
            }
        }
    }

    /// The expected end state of `f` on both sides.
    enum End: Equatable {
        case file(String)
        case absent
        case folder
        case folderHolding(String)
    }

    struct Row: CustomStringConvertible, Sendable {
        var start: Start
        var local: Edit
        var container: Edit
        var end: End
        /// The text of a conflict copy that must exist on both sides, if any.
        var conflictCopy: String?
        /// A text that must be in some trash afterwards, if any.
        var trashed: String?

        var description: String { "\(start), local \(local), container \(container)" }
    }

    static let rows: [Row] = [
        // An archived file.
        Row(start: .file, local: .keep, container: .keep, end: .file("orig")),
        Row(start: .file, local: .write("L"), container: .keep, end: .file("L"), trashed: "orig"),
        Row(start: .file, local: .keep, container: .write("C"), end: .file("C"), trashed: "orig"),
        Row(start: .file, local: .delete, container: .keep, end: .absent, trashed: "orig"),
        Row(start: .file, local: .keep, container: .delete, end: .absent, trashed: "orig"),
        Row(start: .file, local: .delete, container: .delete, end: .absent),
        Row(start: .file, local: .write("L"), container: .delete, end: .file("L")),
        Row(start: .file, local: .delete, container: .write("C"), end: .file("C")),
        Row(start: .file, local: .write("L"), container: .write("C"), end: .file("C"), conflictCopy: "L"),
        Row(start: .file, local: .write("same"), container: .write("same"), end: .file("same")),
        // Rewritten with the same text: no change once the contents are recorded; before, the
        // engine cannot tell it from an edit without reading the other side, and copies it.
        Row(start: .comparedFile, local: .rewrite, container: .keep, end: .file("orig")),
        Row(start: .comparedFile, local: .keep, container: .rewrite, end: .file("orig")),
        Row(start: .comparedFile, local: .rewrite, container: .rewrite, end: .file("orig")),
        Row(start: .comparedFile, local: .rewrite, container: .write("C"), end: .file("C"), trashed: "orig"),
        Row(start: .comparedFile, local: .write("L"), container: .keep, end: .file("L"), trashed: "orig"),
        Row(start: .file, local: .rewrite, container: .keep, end: .file("orig")),
        Row(
            start: .file, local: .folderWithFile("inside"), container: .keep, end: .folderHolding("inside"),
            conflictCopy: "orig"),
        Row(
            start: .file, local: .keep, container: .folderWithFile("inside"), end: .folderHolding("inside"),
            conflictCopy: "orig"),
        // Nothing archived (first sync of the path).
        Row(start: .nothing, local: .write("L"), container: .keep, end: .file("L")),
        Row(start: .nothing, local: .keep, container: .write("C"), end: .file("C")),
        Row(start: .nothing, local: .write("same"), container: .write("same"), end: .file("same")),
        Row(start: .nothing, local: .write("L"), container: .write("C"), end: .file("C"), conflictCopy: "L"),
        Row(
            start: .nothing, local: .write("L"), container: .folderWithFile("inside"), end: .folderHolding("inside"),
            conflictCopy: "L"),
        Row(start: .nothing, local: .folder, container: .keep, end: .folder),
        Row(start: .nothing, local: .keep, container: .folder, end: .folder),
        Row(start: .nothing, local: .folder, container: .folder, end: .folder),
        Row(start: .nothing, local: .keep, container: .keep, end: .absent),
        // An archived folder.
        Row(start: .folder, local: .keep, container: .keep, end: .folder),
        Row(start: .folder, local: .delete, container: .keep, end: .absent),
        Row(start: .folder, local: .keep, container: .delete, end: .absent),
        Row(start: .folder, local: .delete, container: .delete, end: .absent),
        Row(start: .folder, local: .delete, container: .folderWithFile("new"), end: .folderHolding("new")),
        Row(start: .folder, local: .folderWithFile("new"), container: .delete, end: .folderHolding("new")),
    ]

    /// Every row's end state, and the exact actions of both syncs as ``ReferenceModel`` predicts
    /// them: nothing copied, moved, trashed or kept as a conflict copy more (or less) than the row needs.
    @Test("row", arguments: rows)
    func row(_ row: Row) async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let local = rig.localRoot("alpha")
        let pair = try rig.pair("alpha")
        var oracle = ExactOracle(machines: ["alpha"])
        var mismatches: [String] = []
        func sync() async throws -> SyncReport {
            let predicted = oracle.predict("alpha", rig: rig)
            let report = try await manager.sync(pair)
            mismatches += oracle.check("alpha", rig: rig, predicted: predicted, report: report)
            return report
        }
        try rig.put("anchor", at: "anchor.txt", in: local)  // keeps both sides non-empty
        switch row.start {
        case .nothing: break
        case .file: try rig.put("orig", at: "f", in: local)
        case .comparedFile: break
        case .folder: try rig.makeFolder("f", in: local)
        }
        _ = try await sync()
        if case .comparedFile = row.start {
            try rig.put("orig", at: "f", in: local)
            try rig.put("orig", at: "f", in: rig.pairRoot)
            _ = try await sync()
        }
        try apply(row.local, rig: rig, root: local)
        try apply(row.container, rig: rig, root: rig.pairRoot)
        let report = try await sync()
        #expect(report.isComplete, "\(report.failed) \(report.skipped)")
        #expect(oracle.checked == (row.start == .comparedFile ? 3 : 2), "the model predicted every sync")
        #expect(mismatches.isEmpty, "\(row): \(mismatches.joined(separator: "; "))")

        for root in [local, rig.pairRoot] {
            switch row.end {
            case .file(let text): #expect(rig.text(at: "f", in: root) == text)
            case .absent: #expect(!rig.exists("f", in: root))
            case .folder: #expect(rig.contents(of: root)["f"] == "/")
            case .folderHolding(let text):
                #expect(rig.contents(of: root)["f"] == "/")
                #expect(rig.text(at: "f/inner", in: root) == text)
            }
            if let copy = row.conflictCopy {
                let copies = rig.contents(of: root).filter { $0.key.contains("conflict") }
                #expect(
                    copies.values.contains(copy), "no conflict copy \(copy) in \(root.path): \(rig.contents(of: root))")
            }
        }
        #expect(rig.contents(of: local) == rig.contents(of: rig.pairRoot))
        if let trashed = row.trashed {
            #expect(rig.allTexts(below: local).union(rig.allTexts(below: rig.pairRoot)).contains(trashed))
        }
        let again = try await manager.plan(pair)
        #expect(again.actions.isEmpty, "a second sync would do \(again.actions)")
    }

    private func apply(_ edit: Edit, rig: TestRig, root: URL) throws {
        switch edit {
        case .keep: break
        case .write(let text):
            if rig.contents(of: root)["f"] == "/" { try rig.remove("f", in: root) }
            try rig.put(text, at: "f", in: root)
        case .rewrite: try rig.put(rig.text(at: "f", in: root) ?? "", at: "f", in: root)
        case .delete: try rig.remove("f", in: root)
        case .folder: try rig.makeFolder("f", in: root)
        case .folderWithFile(let text):
            if rig.exists("f", in: root) { try rig.remove("f", in: root) }
            try rig.put(text, at: "f/inner", in: root)
        }
    }
}

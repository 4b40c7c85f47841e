import Foundation
import SyncEngine
import Testing

/// DESIGN §5's decision table, one row per combination of archive presence, local state,
/// container state and kind, each run through the whole engine on the Mocks.
@Suite("The decision table")
struct DecisionTableTests {
    /// What one side does to the path `f` before the sync (the container's edits model another
    /// machine's synced change).
    enum Edit: CustomStringConvertible {
        case keep
        case write(String)
        case delete
        case folder
        case folderWithFile(String)

        var description: String {
            switch self {
            case .keep: "unchanged"
            case .write(let text): "write \(text)"
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
        case folder

        var description: String {
            switch self {
            case .nothing: "no archive"
            case .file: "archived file"
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

    @Test("row", arguments: rows)
    func row(_ row: Row) async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let local = rig.localRoot("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("anchor", at: "anchor.txt", in: local)  // keeps both sides non-empty
        switch row.start {
        case .nothing: break
        case .file: try rig.put("orig", at: "f", in: local)
        case .folder: try rig.makeFolder("f", in: local)
        }
        try await manager.sync(pair)
        try apply(row.local, rig: rig, root: local)
        try apply(row.container, rig: rig, root: rig.pairRoot)
        let report = try await manager.sync(pair)
        #expect(report.isComplete, "\(report.failed) \(report.skipped)")

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
        case .delete: try rig.remove("f", in: root)
        case .folder: try rig.makeFolder("f", in: root)
        case .folderWithFile(let text):
            if rig.exists("f", in: root) { try rig.remove("f", in: root) }
            try rig.put(text, at: "f/inner", in: root)
        }
    }
}

import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The report's counters are what `synccli sync` prints and `--json` gives scripts: each must
/// count what the sync did, no more and no less (a forgotten count reads as "nothing happened").
@Suite("A sync's report counts exactly what it did")
struct ReportCountTests {
    @Test("copies and their bytes, replacements, deletions, folders made and removed, moves")
    func everyCounter() async throws {
        let rig = TestRig()
        let alpha = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let local = rig.localRoot("alpha")
        try rig.put("aaaa", at: "a.txt", in: local)
        try rig.put("bb", at: "b.txt", in: local)
        try rig.put("kkk", at: "keep/k.txt", in: local)
        try rig.makeFolder("gone", in: local)
        let first = try await alpha.sync(pair)
        #expect(first.copied == 3 && first.bytesCopied == 9)
        #expect(first.foldersChanged == 2, "keep and gone made in the container")
        #expect(first.deleted == 0 && first.replaced == 0 && first.moved == 0)

        try rig.put("a, longer", at: "a.txt", in: local)
        try rig.remove("b.txt", in: local)
        try rig.remove("gone", in: local)
        try rig.put("n", at: "new/n.txt", in: local)
        let second = try await alpha.sync(pair)
        #expect(second.isComplete)
        #expect(second.copied == 2 && second.bytesCopied == 10, "a.txt (9 bytes) and new/n.txt (1)")
        #expect(second.replaced == 1, "a.txt's old version")
        #expect(second.deleted == 1, "b.txt")
        #expect(second.foldersChanged == 2, "gone removed, new made")
        #expect(second.moved == 0)

        try rig.move("keep/k.txt", to: "keep/k2.txt", in: local)
        let third = try await alpha.sync(pair)
        #expect(third.moved == 1 && third.copied == 0 && third.deleted == 0 && third.foldersChanged == 0)
        #expect(rig.text(at: "keep/k2.txt", in: rig.pairRoot) == "kkk")
    }

    @Test("a file deleted and its bytes written afresh under another name (a new identity) is one move")
    func renameByContent() async throws {
        let rig = TestRig()
        let alpha = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let local = rig.localRoot("alpha")
        // Both sides already hold a.txt, the same bytes: the first sync compares them and keeps
        // their digest, which is what finds a rename by content later.
        try rig.put("the same bytes", at: "a.txt", in: local)
        try rig.put("the same bytes", at: "a.txt", in: rig.pairRoot)
        try rig.put("other", at: "o.txt", in: local)
        let first = try await alpha.sync(pair)
        #expect(first.copied == 1, "o.txt only")
        try rig.remove("a.txt", in: local)
        try rig.put("the same bytes", at: "b.txt", in: local)
        let report = try await alpha.sync(pair)
        #expect(report.moved == 1 && report.copied == 0 && report.deleted == 0, "\(report.done.map(\.path.text))")
        #expect(rig.text(at: "b.txt", in: rig.pairRoot) == "the same bytes" && !rig.exists("a.txt", in: rig.pairRoot))
        #expect(try await alpha.trash(of: pair).isEmpty, "nothing trashed: the container's file was moved")
    }
}

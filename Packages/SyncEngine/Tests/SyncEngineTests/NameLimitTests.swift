import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// Names that a file system treats differently from their bytes: normalization, length.
@Suite("Names: normalization collisions and length limits")
struct NameLimitTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    @Test("a name in NFC on one side and NFD on the other is an unresolved collision: the sync is incomplete")
    func normalizationCollision() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let nfc = "caf\u{E9}.txt"
        let nfd = "cafe\u{301}.txt"
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        try rig.put("composed", at: nfc, in: local)
        try rig.put("decomposed", at: nfd, in: rig.pairRoot)
        try rig.put("plain", at: "plain.txt", in: local)
        let report = try await manager.sync(pair)
        #expect(rig.text(at: "plain.txt", in: rig.pairRoot) == "plain")
        #expect(rig.text(at: nfc, in: local) == "composed" && rig.text(at: nfd, in: rig.pairRoot) == "decomposed")
        #expect(!rig.exists(nfd, in: local) && !rig.exists(nfc, in: rig.pairRoot), "nothing copied over the other name")
        #expect(!report.isComplete, "an unresolved collision must make the sync incomplete")
        #expect(
            Set(report.unsynced.map(\.path.name))
                == [nfc, nfd].map { $0 }.reduce(into: Set<String>()) { $0.insert($1) })
        let again = try await manager.sync(pair)
        #expect(!again.isComplete, "and every later one, while it lasts")
        let plan = try await manager.plan(pair)
        #expect(plan.actions.isEmpty && !plan.isInSync, "status must not say in sync")
    }

    @Test("a conflict on a long name gets a conflict copy name of at most 255 bytes, cut on a character boundary")
    func longConflictName() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let name = String(repeating: "\u{E9}", count: 124) + ".txt"  // 252 bytes
        try rig.put("v1", at: name, in: local)
        try await manager.sync(pair)
        try rig.put("local edit", at: name, in: local)
        try rig.put("container edit", at: name, in: rig.pairRoot)
        let report = try await manager.sync(pair)
        #expect(report.isComplete)
        let copy = try #require(report.conflicts.first?.keptAs)
        #expect(copy.name.utf8.count <= 255, "\(copy.name.utf8.count) bytes")
        #expect(copy.name.hasSuffix(".txt") && copy.name.contains("(conflict "))
        #expect(String(validating: Array(copy.name.utf8), as: UTF8.self) != nil)
    }

    @Test("two long names cut to the same conflict copy name in one sync get two copies: neither is lost")
    func twoLongConflictsOneName() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let stem = String(repeating: "\u{E9}", count: 120)
        let names = [stem + "ab.txt", stem + "cd.txt"]  // 246 bytes each: the cut leaves the same start
        for name in names { try rig.put("v1", at: name, in: local) }
        try await manager.sync(pair)
        for name in names {
            try rig.put("local \(name.suffix(6))", at: name, in: local)
            try rig.put("container \(name.suffix(6))", at: name, in: rig.pairRoot)
        }
        let report = try await manager.sync(pair)
        #expect(report.isComplete)
        let copies = report.conflicts.compactMap(\.keptAs)
        #expect(copies.count == 2 && Set(copies).count == 2, "\(copies)")
        let kept = Set(
            copies.compactMap { rig.text(at: $0.text, in: local) } + names.compactMap { rig.text(at: $0, in: local) })
        #expect(kept == ["local ab.txt", "local cd.txt", "container ab.txt", "container cd.txt"])
    }

    @Test("a conflict copy of a name whose extension alone is too long cuts the extension, never the suffix")
    func longExtension() throws {
        let ext = "." + String(repeating: "x", count: 299)
        let name = ConflictName.fitted("a", " (conflict 2025-11-30 101500 m)", ext)
        #expect(name.utf8.count == 255)
        #expect(name.hasPrefix("a (conflict 2025-11-30 101500 m).xx"))
    }

    @Test("a conflict copy for a machine name too long to fit cuts the suffix last, keeping the stem's first letter")
    func longMachineName() throws {
        let suffix = " (conflict 2025-11-30 101500 " + String(repeating: "\u{E9}", count: 200) + ")"
        let name = ConflictName.fitted("report", suffix, ".txt")
        #expect(name.utf8.count <= 255 && name.utf8.count >= 254, "\(name.utf8.count) bytes")
        #expect(name.hasPrefix("r (conflict 2025-11-30 101500 \u{E9}"))
        #expect(String(validating: Array(name.utf8), as: UTF8.self) != nil)
    }

    @Test("a conflict copy for a machine with a very long name keeps the extension and the closing parenthesis")
    func longMachineNameKeepsExtension() throws {
        let machine = String(repeating: "\u{E9}", count: 150)  // 300 bytes
        let name = ConflictName.make(
            for: try RelativePath("docs/report.txt"), date: Date(timeIntervalSince1970: 0), machine: machine
        ) { _ in false }
        #expect(name.name.utf8.count <= 255)
        #expect(name.name.hasPrefix("report (conflict 1970-01-01 000000 \u{E9}"), "\(name.name)")
        #expect(name.name.hasSuffix("\u{E9})" + ".txt"), "\(name.name)")
        #expect(name.name.utf8.count < 255 - 100, "the machine's part is cut to 64 bytes")
    }

    @Test("when 1,000 conflict names are taken, the copy still gets a free name (a random one), never the original")
    func everyNumberTaken() throws {
        let path = try RelativePath("dir/a.txt")
        var asked = 0
        let name = ConflictName.make(for: path, date: Date(timeIntervalSince1970: 0), machine: "m") { candidate in
            asked += 1
            return candidate.name.hasPrefix("a (conflict 1970-01-01 000000 m")
        }
        #expect(asked == 1000)
        #expect(name != path && name.parent == path.parent)
        #expect(name.name.hasPrefix("a (conflict ") && name.name.hasSuffix(").txt"), "\(name.text)")
        #expect(!name.name.contains(" m"))
    }
}

import FileTreeInterface
import Foundation
import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli conflicts and trash, over the Mocks")
struct ConflictsTrashCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    @Test("conflicts lists the conflict copies, in text and JSON; none is said")
    func conflicts() async throws {
        let laptop = rig.docs("laptop")
        let desktop = rig.docs("desktop")
        #expect(await rig.run(["conflicts", laptop.path]).out == "no conflict copies in /machines/laptop/docs\n")
        try rig.put("v1", at: "doc.txt", in: laptop)
        _ = await rig.run(["sync", laptop.path])
        _ = await rig.run(["sync", desktop.path], as: "desktop")
        try rig.put("laptop's edit", at: "doc.txt", in: laptop)
        try rig.put("desktop's edit", at: "doc.txt", in: desktop)
        _ = await rig.run(["sync", laptop.path])
        let synced = await rig.run(["sync", desktop.path], as: "desktop")
        #expect(synced.out.contains("1 conflict"))
        let result = await rig.run(["conflicts", desktop.path], as: "desktop")
        #expect(result.code == .success && result.out.hasPrefix("doc (conflict "), "\(result.out)")
        let json = await rig.run(["conflicts", desktop.path, "--json"], as: "desktop")
        let copies = try JSONDecoder().decode([String].self, from: Data(json.out.utf8))
        #expect(copies.count == 1 && copies[0].hasPrefix("doc (conflict "))
    }

    /// A file deleted on the laptop and synced, so the container's copy is in the container's trash.
    func trashedFile() async throws -> URL {
        let docs = rig.docs()
        try rig.put("keep me", at: "important.txt", in: docs)
        try rig.put("other", at: "other.txt", in: docs)
        try rig.put("third", at: "third.txt", in: docs)
        _ = await rig.run(["sync", docs.path])
        try rig.remove("important.txt", in: docs)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        return docs
    }

    @Test("trash list shows run, side, size and path; JSON gives the items")
    func list() async throws {
        let docs = rig.docs()
        #expect(await rig.run(["trash", "list", docs.path]).out == "the trash of docs is empty\n")
        _ = try await trashedFile()
        let result = await rig.run(["trash", "list", docs.path])
        let fields = result.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(fields.count == 1 && fields.first?.dropFirst().first == "container", "\(result.out)")
        #expect(fields.first?.last == "important.txt" && fields.first?.dropFirst(2).first == "7 B")
        let json = await rig.run(["trash", "list", docs.path, "--json"])
        let items = try JSONDecoder().decode([TrashItem].self, from: Data(json.out.utf8))
        #expect(items.map(\.originalPath.text) == ["important.txt"])
    }

    @Test("trash restore puts the newest version back and says where")
    func restore() async throws {
        let docs = try await trashedFile()
        let result = await rig.run(["trash", "restore", docs.path, "important.txt"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("restored important.txt from "), "\(result.out)")
        #expect(result.out.contains("(container side) to important.txt; it syncs on the next run"))
        #expect(rig.read("docs/important.txt", in: rig.container) == "keep me")
    }

    @Test("trash restore --to and --json")
    func restoreTo() async throws {
        let docs = try await trashedFile()
        let result = await rig.run(["trash", "restore", docs.path, "important.txt", "--to", "back.txt", "--json"])
        #expect(result.code == .success, "\(result.err)")
        let item = try JSONDecoder().decode(TrashItem.self, from: Data(result.out.utf8))
        #expect(item.originalPath.text == "important.txt")
        #expect(rig.read("docs/back.txt", in: rig.container) == "keep me")
    }

    @Test(
        "trash restore refuses a path not in the trash (exit 1) and one escaping the folder (exit 3)",
        arguments: [("nothing.txt", ExitCode.partial, "is not in the trash"), ("../x", .refused, "relative")])
    func restoreRefused(path: String, code: ExitCode, message: String) async throws {
        let docs = try await trashedFile()
        let result = await rig.run(["trash", "restore", docs.path, path])
        #expect(result.code == code && result.errorLines.count == 1 && result.err.contains(message), "\(result.err)")
    }
}

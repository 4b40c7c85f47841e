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
        let document = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let copies = try #require(document?["copies"] as? [String])
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

    @Test("trash list has a header, then time, side, size and path; JSON gives the items without internals")
    func list() async throws {
        let docs = rig.docs()
        #expect(await rig.run(["trash", "list", docs.path]).out == "the trash of docs is empty\n")
        _ = try await trashedFile()
        let result = await rig.run(["trash", "list", docs.path])
        let fields = result.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(fields.first == ["trashed", "side", "size", "copy", "path"], "\(result.out)")
        #expect(fields.last?.dropFirst(3).first == "last", "nothing else holds the deleted file: \(result.out)")
        #expect(fields.count == 2 && fields.last?.dropFirst().first == "container", "\(result.out)")
        #expect(fields.last?.last == "important.txt" && fields.last?.dropFirst(2).first == "7 B")
        #expect(fields.last?.first?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(result.out)")
        let json = await rig.run(["trash", "list", docs.path, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let items = try #require(document?["items"] as? [[String: Any]])
        #expect(items.map { $0["path"] as? String } == ["important.txt"])
        #expect(items.first?["trashPath"] == nil && items.first?["modificationNanoseconds"] == nil)
        #expect(items.first?["lastCopy"] as? Bool == true)
    }

    @Test("trash list is sorted by time, newest first")
    func listSorted() async throws {
        let docs = try await trashedFile()
        try rig.remove("other.txt", in: docs)
        #expect(await rig.run(["sync", docs.path, "--max-delete", "100"]).code == .success)
        try rig.remove("third.txt", in: docs)
        #expect(await rig.run(["sync", docs.path, "--max-delete", "100"]).code == .success)
        let lines = await rig.run(["trash", "list", docs.path]).out.split(separator: "\n").dropFirst()
        let paths = lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" }
        #expect(paths == ["third.txt", "other.txt", "important.txt"], "\(lines)")
        let times = lines.map { String($0.split(separator: "\t")[0]) }
        #expect(times == times.sorted(by: >), "\(times)")
    }

    @Test("trash restore puts the newest version back into the folder, says where, and the next sync carries it")
    func restore() async throws {
        let docs = try await trashedFile()
        let result = await rig.run(["trash", "restore", docs.path, "important.txt"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("restored important.txt (trashed "), "\(result.out)")
        #expect(
            result.out.hasSuffix(
                " on the container side) to /machines/laptop/docs/important.txt; it syncs on the next run\n"),
            "\(result.out)")
        #expect(rig.read("important.txt", in: docs) == "keep me")
        #expect(await rig.run(["sync", docs.path]).code == .success)
        #expect(rig.read("docs/important.txt", in: rig.container) == "keep me")
    }

    @Test("trash restore never replaces a file in the folder: one line with the hint to use --to, exit 3")
    func restoreOverExisting() async throws {
        let docs = try await trashedFile()
        try rig.put("newer", at: "important.txt", in: docs)
        let result = await rig.run(["trash", "restore", docs.path, "important.txt"])
        #expect(result.code == .refused && result.errorLines.count == 1, "\(result.err)")
        #expect(
            result.err.contains("/machines/laptop/docs/important.txt already exists") && result.err.contains("--to"))
        #expect(result.out.isEmpty)
        #expect(rig.read("important.txt", in: docs) == "newer")
        let json = await rig.run(["trash", "restore", docs.path, "important.txt", "--json"])
        #expect(json.code == .refused && json.out.contains("\"exitCode\" : 3"), "\(json.out)")
    }

    @Test("trash restore --to puts it at another path of the folder; --json says where")
    func restoreTo() async throws {
        let docs = try await trashedFile()
        let result = await rig.run(["trash", "restore", docs.path, "important.txt", "--to", "back/it.txt", "--json"])
        #expect(result.code == .success, "\(result.err)")
        let restored = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(restored["restoredTo"] as? String == "back/it.txt")
        #expect(restored["file"] as? String == "/machines/laptop/docs/back/it.txt")
        #expect((restored["item"] as? [String: Any])?["path"] as? String == "important.txt")
        #expect(rig.read("back/it.txt", in: docs) == "keep me")
        #expect(rig.read("docs/back/it.txt", in: rig.container) == nil)
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

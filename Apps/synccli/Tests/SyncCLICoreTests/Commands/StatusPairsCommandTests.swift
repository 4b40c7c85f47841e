import Foundation
import InMemorySupport
import Testing

@testable import SyncCLICore

@Suite("synccli status and pairs, over the Mocks")
struct StatusPairsCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    @Test("status says what is pending, then in sync with who synced last")
    func status() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        try rig.put("b", at: "b.txt", in: docs)
        let pending = await rig.run(["status", docs.path])
        #expect(pending.code == .success)
        #expect(pending.out.hasPrefix("docs (/machines/laptop/docs): 1 change pending; last synced by laptop "))
        #expect(await rig.run(["sync", docs.path]).code == .success)
        let all = await rig.run(["status"])
        #expect(all.out.hasPrefix("docs (/machines/laptop/docs): in sync"), "\(all.out)")
    }

    @Test("status of a pair no machine synced yet says what it counts and \"never synced\"")
    func neverSynced() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        try rig.put("b", at: "sub/b.txt", in: docs)
        let result = await rig.run(["status", docs.path])
        #expect(result.out == "docs (/machines/laptop/docs): 3 changes pending; never synced\n", "\(result.out)")
    }

    @Test("status --json gives each pair's counts")
    func statusJSON() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let result = await rig.run(["status", docs.path, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let decoded = document?["pairs"] as? [[String: Any]]
        #expect(decoded?.count == 1)
        #expect(decoded?.first?["pair"] as? String == "docs" && decoded?.first?["pendingChanges"] as? Int == 1)
        #expect(decoded?.first?["folder"] as? String == "/machines/laptop/docs")
    }

    @Test("status and pairs with no pairs say so")
    func empty() async {
        #expect(await rig.run(["status"]).out == "no pairs yet\n")
        #expect(await rig.run(["pairs"]).out == "no pairs yet: run synccli sync <folder> to start one\n")
        #expect(await rig.run(["pairs", "--json"]).out == "{\n  \"pairs\" : [\n\n  ],\n  \"version\" : 1\n}\n")
    }

    @Test("pairs lists each pair and its folder, in text and JSON")
    func pairs() async throws {
        #expect(await rig.run(["sync", rig.docs().path]).code == .success)
        #expect(await rig.run(["pairs"]).out == "docs\t/machines/laptop/docs\n")
        let json = await rig.run(["pairs", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let entries = document?["pairs"] as? [[String: String]]
        #expect(entries == [["name": "docs", "folder": "/machines/laptop/docs", "container": "/container"]])
    }

    @Test(
        "every command on a folder that is gone is exit 3 and one line, and creates nothing",
        arguments: [
            ["sync"], ["sync", "-n"], ["plan"], ["status"], ["conflicts"], ["trash", "list"],
            ["trash", "restore", "x.txt"],
        ])
    func missing(words: [String]) async {
        let gone = "/machines/laptop/gone"
        let arguments = Array(words.prefix { !$0.hasSuffix(".txt") }) + [gone] + words.filter { $0.hasSuffix(".txt") }
        let result = await rig.run(arguments)
        #expect(result.code == .refused && result.errorLines.count == 1, "\(arguments): \(result.err)")
        #expect(result.err.contains("\(gone) is missing or not a folder"))
        #expect(rig.world.withTree { $0.entry(at: PathKey(path: gone)) } == nil)
    }

    @Test("status follows a folder renamed beside its old name and says so once; a folder gone fails its pair alone")
    func renamedAndGone() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        let photos = URL(filePath: "/machines/laptop/photos", directoryHint: .isDirectory)
        try rig.put("p", at: "p.jpg", in: photos)
        #expect(await rig.run(["sync", photos.path]).code == .success)
        try rig.world.withTree {
            try $0.moveItem(from: PathKey(docs), to: PathKey(path: "/machines/laptop/papers"))
            try $0.removeItem(at: PathKey(photos))
        }
        let first = await rig.run(["status"])
        #expect(first.code == .refused, "\(first.err)")
        #expect(
            (first.out + first.err).contains(
                "docs: the folder /machines/laptop/docs was renamed to /machines/laptop/papers; following it"))
        #expect(first.out.contains("docs (/machines/laptop/papers): in sync"), "\(first.out)")
        #expect(first.errorLines.filter { $0.contains("photos: ") }.count == 1, "\(first.err)")
        #expect(first.err.contains("photos: the folder /machines/laptop/photos is gone"), "\(first.err)")
        let again = await rig.run(["status"])
        #expect(!(again.out + again.err).contains("following it"), "said once: the pair was registered again")
    }
}

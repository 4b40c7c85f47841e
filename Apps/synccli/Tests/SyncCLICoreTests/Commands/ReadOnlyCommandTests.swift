import Foundation
import InMemorySupport
import Testing

@testable import SyncCLICore

/// `status`, `container show`, `sync --dry-run`, `plan` (to standard output) and `pairs` only
/// look: the whole world (folders, container, state, bookmarks) is the same after them.
@Suite("read-only commands create nothing, over the Mocks")
struct ReadOnlyCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// Every entry of the world with its kind, contents, time and mode.
    func snapshot() -> [PathKey: InMemoryEntry] {
        rig.world.withTree { tree in
            Dictionary(
                uniqueKeysWithValues: tree.paths(below: PathKey(path: "/")).compactMap { key in
                    tree.entry(at: key).map { (key, $0) }
                })
        }
    }

    static let commands: [[String]] = [
        ["status", "<docs>"], ["status"], ["status", "<docs>", "--json"], ["container", "show"], ["container"],
        ["sync", "<docs>", "--dry-run"], ["sync", "-n"], ["sync", "<docs>", "-nv", "--json"], ["plan", "<docs>"],
        ["pairs"], ["pairs", "--json"], ["trash", "list", "<docs>"], ["conflicts", "<docs>"],
    ]

    func arguments(_ words: [String], docs: URL) -> [String] {
        words.map { $0 == "<docs>" ? docs.path : $0 }
    }

    @Test(
        "on a pair that synced, with changes pending on both sides, each leaves the world as it was",
        arguments: commands)
    func syncedPair(words: [String]) async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        try rig.put("b", at: "sub/b.txt", in: docs)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        try rig.put("a, edited", at: "a.txt", in: docs)
        try rig.put("new", at: "new/c.txt", in: docs)
        try rig.put("there", at: "docs/d.txt", in: rig.container)
        let before = snapshot()
        let result = await rig.run(arguments(words, docs: docs))
        #expect(result.code == .success, "\(words): \(result.err)")
        #expect(snapshot() == before, "\(words) changed the world")
    }

    @Test(
        "on a folder never synced, none makes a marker, a pair folder, a state file or a bookmark", arguments: commands)
    func newFolder(words: [String]) async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        _ = rig.manager("laptop")  // the state folder exists, as on a machine that ran synccli before
        let before = snapshot()
        let result = await rig.run(arguments(words, docs: docs))
        #expect(result.code == .success, "\(words): \(result.err)")
        #expect(snapshot() == before, "\(words) created \(Set(snapshot().keys).subtracting(before.keys))")
    }

    @Test(
        "a second folder with a used pair name is refused by name, by every command that takes a folder",
        arguments: [["sync"], ["sync", "-n"], ["status"], ["plan"], ["trash", "list"]])
    func nameClash(words: [String]) async throws {
        #expect(await rig.run(["sync", rig.docs().path]).code == .success)
        let other = URL(filePath: "/machines/laptop/elsewhere/docs", directoryHint: .isDirectory)
        try rig.put("x", at: "x.txt", in: other)
        let before = snapshot()
        let result = await rig.run(words + [other.path])
        #expect(result.code == .usage && result.errorLines.count == 1, "\(words): \(result.err)")
        #expect(
            result.err
                == "synccli: the pair name docs belongs to /machines/laptop/docs; choose another with --name\n",
            "\(result.err)")
        #expect(snapshot() == before)
    }
}

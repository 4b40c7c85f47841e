import Foundation
import Testing

/// The trash's retention with the real binary on real folders: a run folder past the age limit
/// goes at the end of a sync, the size limit removes only versions that exist elsewhere, and
/// `trash empty` says what it frees.
@Suite("synccli keeps the trash by age and size")
struct TrashRetentionEndToEndTests: OneMachineSuite {
    let scene: OneMachine

    init() throws {
        scene = try OneMachine()
    }

    func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments + ["--container", world.container.path], as: alpha)
    }

    /// The run folders in the container's trash of the pair.
    func runs() throws -> [String] {
        let trash = world.container.appending(path: "docs/.synccli-trash")
        return ((try? FileManager.default.contentsOfDirectory(atPath: trash.path)) ?? []).sorted()
    }

    @Test("an old run folder expires; the size limit removes a version that exists elsewhere, never the last copy")
    func ageAndSize() throws {
        for name in ["a", "b", "c", "d"] { try write("file \(name)", to: docs.appending(path: "\(name).txt")) }
        #expect(try run(["sync", docs.path]).code == 0)
        try FileManager.default.removeItem(at: docs.appending(path: "a.txt"))
        #expect(try run(["sync", docs.path]).code == 0)
        let trashed = try #require(try runs().first)
        // A run folder's name is its time: renamed to one of 2020, it is far past the 30 days.
        let trash = world.container.appending(path: "docs/.synccli-trash")
        try FileManager.default.moveItem(
            at: trash.appending(path: trashed), to: trash.appending(path: "2020-01-01T000000Z-g1"))
        // Within ten minutes of its last listing, a sync goes by what that listing found: a run
        // folder someone else made (here, renamed) since is not seen yet.
        let soon = try run(["sync", docs.path])
        #expect(soon.code == 0 && soon.err.isEmpty, "\(soon.err)")
        #expect(try runs() == ["2020-01-01T000000Z-g1"])
        // Without this machine's record of the trash (as when its last listing is older), the next
        // sync lists the run folders, and the old one goes.
        let record = alpha.home.appending(path: ".local/state/synccli/pairs/646f6373/trash.json")
        try FileManager.default.removeItem(at: record)
        let expired = try run(["sync", docs.path])
        #expect(expired.code == 0 && expired.err.isEmpty, "\(expired.err)")
        #expect(try runs().isEmpty, "the old run folder is gone")

        try FileManager.default.removeItem(at: docs.appending(path: "b.txt"))
        #expect(try run(["sync", docs.path]).code == 0)
        let keep = try run(["trash", "keep", docs.path, "--max-size", "1"])
        #expect(keep.code == 0 && keep.out.contains("at most 1 B per side"), "\(keep.out)\(keep.err)")
        let kept = try run(["sync", docs.path])
        #expect(kept.code == 0 && kept.err.isEmpty, "\(kept.err)")
        let list = try run(["trash", "list", docs.path])
        #expect(list.out.contains("\tcontainer\t6 B\tlast\tb.txt"), "the last copy stays over the limit: \(list.out)")
        let status = try run(["status", docs.path])
        #expect(status.out.contains("  trash: local empty, container 1 version (6 B, oldest "), "\(status.out)")

        #expect(try run(["trash", "restore", docs.path, "b.txt"]).code == 0)
        let restored = try run(["sync", docs.path])
        #expect(restored.code == 0 && restored.err.isEmpty, "\(restored.err)")
        #expect(try runs().isEmpty, "b.txt is in both folders again: its trashed copy went for the size limit")
        #expect(read(world.container.appending(path: "docs/b.txt")) == "file b")
    }

    @Test("trash empty: a dry run in JSON frees nothing, then frees what is not a last copy")
    func empty() throws {
        for name in ["a", "b", "c", "d"] { try write("file \(name)", to: docs.appending(path: "\(name).txt")) }
        #expect(try run(["sync", docs.path]).code == 0)
        try write("file a, changed", to: docs.appending(path: "a.txt"))
        #expect(try run(["sync", docs.path]).code == 0)
        #expect(try run(["trash", "restore", docs.path, "a.txt", "--to", "old-a.txt"]).code == 0)
        let dry = try run(["trash", "empty", docs.path, "--dry-run", "--json"])
        #expect(dry.code == 0, "\(dry.err)")
        let document = try JSONSerialization.jsonObject(with: Data(dry.out.utf8)) as? [String: Any]
        #expect((document?["freed"] as? [String: Any])?["versions"] as? Int == 0, "\(dry.out)")
        #expect((document?["keptLastCopies"] as? [String: Any])?["versions"] as? Int == 1, "\(dry.out)")
        #expect(try runs().count == 1)
        // The restored copy sits at another path: the trashed version is still the last one at its path.
        let emptied = try run(["trash", "empty", docs.path])
        #expect(emptied.code == 0 && emptied.out.hasPrefix("freed 0 versions (0 B)"), "\(emptied.out)")
        #expect(try runs().count == 1)
    }
}

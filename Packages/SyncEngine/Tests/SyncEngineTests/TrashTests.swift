import FileTreeInterface
import Foundation
import SyncEngine
import Testing

@Suite("The trash: every deleted or replaced version, listed and restorable")
struct TrashTests {
    let rig = TestRig()

    @Test("deleted and replaced versions are listed with their side and restored to their path or elsewhere")
    func listAndRestore() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a.txt", "b.txt", "c.txt"] { try rig.put("old \(name)", at: "dir/\(name)", in: rig.localRoot("alpha")) }
        try await manager.sync(pair)
        try rig.remove("dir/a.txt", in: rig.localRoot("alpha"))
        try rig.put("new b", at: "dir/b.txt", in: rig.pairRoot)
        try await manager.sync(pair)
        let items = try await manager.trash(of: pair)
        #expect(Set(items.map { "\($0.side) \($0.originalPath)" }) == ["container dir/a.txt", "local dir/b.txt"])
        let deleted = try #require(items.first { $0.originalPath.text == "dir/a.txt" })
        try await manager.restore(deleted, of: pair)
        #expect(rig.text(at: "dir/a.txt", in: rig.pairRoot) == "old a.txt")
        try await manager.sync(pair)
        #expect(rig.text(at: "dir/a.txt", in: rig.localRoot("alpha")) == "old a.txt")
        let replaced = try #require(try await manager.trash(of: pair).first { $0.originalPath.text == "dir/b.txt" })
        try await manager.restore(replaced, of: pair, to: try RelativePath("restored/b-old.txt"))
        #expect(rig.text(at: "restored/b-old.txt", in: rig.localRoot("alpha")) == "old b.txt")
    }

    @Test("restoring onto an existing file is refused and changes nothing")
    func restoreRefusesOverwrite() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("v1", at: "x.txt", in: rig.localRoot("alpha"))
        try rig.put("y", at: "y.txt", in: rig.localRoot("alpha"))
        try rig.put("z", at: "z.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.put("v2", at: "x.txt", in: rig.pairRoot)
        try await manager.sync(pair)
        let item = try #require(try await manager.trash(of: pair).first)
        await #expect(throws: SyncError.self) { try await manager.restore(item, of: pair) }
        #expect(rig.text(at: "x.txt", in: rig.localRoot("alpha")) == "v2")
        #expect(try await manager.trash(of: pair).count == 1)
    }
}

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
        for name in ["a.txt", "b.txt", "c.txt"] {
            try rig.put("old \(name)", at: "dir/\(name)", in: rig.localRoot("alpha"))
        }
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

    @Test("a version from the container's trash is restored onto the local side: copied, never over a file")
    func restoreOntoLocal() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a.txt", "b.txt", "c.txt"] {
            try rig.put("old \(name)", at: "dir/\(name)", in: rig.localRoot("alpha"))
        }
        try await manager.sync(pair)
        try rig.remove("dir/a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let item = try #require(try await manager.trash(of: pair).first { $0.originalPath.text == "dir/a.txt" })
        #expect(item.side == .container)
        try rig.put("a new one", at: "dir/a.txt", in: rig.localRoot("alpha"))
        await #expect {
            try await manager.restore(item, of: pair, onto: .local)
        } throws: { error in
            guard case .io(_, let underlying) = error as? SyncError else { return false }
            if case .alreadyExists = underlying.error as? TreeError { return true }
            return false
        }
        #expect(rig.text(at: "dir/a.txt", in: rig.localRoot("alpha")) == "a new one")
        try await manager.restore(item, of: pair, to: try RelativePath("back/a.txt"), onto: .local)
        #expect(rig.text(at: "back/a.txt", in: rig.localRoot("alpha")) == "old a.txt")
        #expect(rig.text(at: "back/a.txt", in: rig.pairRoot) == nil)
        #expect(try await manager.trash(of: pair).contains(item), "the container's trashed copy stays")
        try await manager.sync(pair)
        #expect(rig.text(at: "back/a.txt", in: rig.pairRoot) == "old a.txt")
    }

    @Test("the version restored is the one trashed last, whichever side's trash holds it")
    func newestTrashedWins() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let local = rig.localRoot("alpha")
        try rig.put("v1", at: "x.txt", in: local)
        for index in 0..<3 { try rig.put("\(index)", at: "other\(index).txt", in: local) }
        try await manager.sync(pair)
        try rig.put("v2", at: "x.txt", in: rig.pairRoot)
        try await manager.sync(pair)  // v1 goes to the local trash
        for _ in 0..<9 {  // runs in the same second, up to generation 10 and beyond
            try rig.put("v3", at: "x.txt", in: local)
            try await manager.sync(pair)  // the container's version goes to its trash
            try rig.put("v2", at: "x.txt", in: local)
            try await manager.sync(pair)
        }
        let newest = try #require(try await manager.newestTrashed(try RelativePath("x.txt"), of: pair))
        #expect(newest.side == .container)
        let all = try await manager.trash(of: pair).filter { $0.originalPath.text == "x.txt" }
        #expect(all.first == newest)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.isNewer(than: $1) }, "listed newest first: \(all.map(\.run))")
    }
}

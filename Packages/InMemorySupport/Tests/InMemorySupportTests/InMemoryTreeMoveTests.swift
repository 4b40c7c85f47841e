import Foundation
import InMemorySupport
import Testing

@Suite("InMemoryTree moves", .tags(.small))
struct InMemoryTreeMoveTests {
    @Test("moving a file keeps its identity, contents and modification time")
    func moveFileKeepsIdentity() throws {
        var tree = try InMemoryTree.sample()
        let before = try #require(tree.entry(at: key("/docs/a.txt")))
        try tree.moveItem(from: key("/docs/a.txt"), to: key("/empty/renamed.txt"))
        #expect(tree.entry(at: key("/docs/a.txt")) == nil)
        #expect(tree.entry(at: key("/empty/renamed.txt")) == before)
        #expect(try tree.childNames(of: key("/docs")) == [Array("sub".utf8)])
        #expect(try tree.childNames(of: key("/empty")) == [Array("renamed.txt".utf8)])
    }

    @Test("moving a folder moves its whole subtree with every identity")
    func moveFolderMovesSubtree() throws {
        var tree = try InMemoryTree.sample()
        let old = ["/docs", "/docs/a.txt", "/docs/sub", "/docs/sub/b.txt"]
        let identities = try old.map { try #require(tree.entry(at: key($0))).identity }
        try tree.moveItem(from: key("/docs"), to: key("/empty/moved"))
        let new = ["/empty/moved", "/empty/moved/a.txt", "/empty/moved/sub", "/empty/moved/sub/b.txt"]
        #expect(new.map { tree.entry(at: key($0))?.identity } == identities)
        #expect(old.allSatisfy { tree.entry(at: key($0)) == nil })
        #expect(tree.paths(below: .root).map(\.path) == ["/empty"] + new + ["/file.txt"])
        #expect(try tree.childNames(of: key("/empty/moved/sub")) == [Array("b.txt".utf8)])
        #expect(try tree.readFile(at: key("/empty/moved/sub/b.txt")) == bytes("B"))
        expectPOSIXError(.ENOENT) { _ = try tree.childNames(of: key("/docs")) }
    }

    @Test("a moved folder keeps working: writes below the new path, none below the old")
    func movedFolderIsUsable() throws {
        var tree = try InMemoryTree.sample()
        try tree.moveItem(from: key("/docs"), to: key("/papers"))
        try tree.writeFile(bytes("C"), at: key("/papers/sub/c.txt"))
        #expect(try tree.childNames(of: key("/papers/sub")).count == 2)
        expectPOSIXError(.ENOENT) { try tree.writeFile(bytes("C"), at: key("/docs/sub/c.txt")) }
    }

    @Test("a file moved onto a file replaces it and keeps the moved file's identity")
    func moveFileOntoFile() throws {
        var tree = try InMemoryTree.sample()
        let moving = try #require(tree.entry(at: key("/file.txt")))
        let replaced = try #require(tree.entry(at: key("/docs/a.txt")))
        try tree.moveItem(from: key("/file.txt"), to: key("/docs/a.txt"))
        #expect(tree.entry(at: key("/docs/a.txt"))?.identity == moving.identity)
        #expect(try tree.readFile(at: key("/docs/a.txt")) == bytes("F"))
        #expect(tree.entry(at: key("/file.txt")) == nil)
        let identities = tree.paths(below: .root).compactMap { tree.entry(at: $0)?.identity }
        #expect(!identities.contains(replaced.identity))
    }

    @Test("a folder moved onto an empty folder replaces it")
    func moveFolderOntoEmptyFolder() throws {
        var tree = try InMemoryTree.sample()
        let moving = try #require(tree.entry(at: key("/docs/sub")))
        try tree.moveItem(from: key("/docs/sub"), to: key("/empty"))
        #expect(tree.entry(at: key("/empty"))?.identity == moving.identity)
        #expect(try tree.childNames(of: key("/empty")) == [Array("b.txt".utf8)])
        #expect(tree.entry(at: key("/docs/sub")) == nil)
    }

    @Test("moving an entry onto itself changes nothing")
    func moveOntoItself() throws {
        var tree = try InMemoryTree.sample()
        let before = tree.snapshot
        try tree.moveItem(from: key("/docs"), to: key("/docs/./sub/.."))
        #expect(tree.snapshot == before)
    }

    @Test("a name can move to another spelling: NFC to NFD is a real rename")
    func renameNormalisation() throws {
        var tree = InMemoryTree()
        try tree.writeFile(bytes("x"), at: key("/caf\u{E9}"))
        try tree.moveItem(from: key("/caf\u{E9}"), to: key("/cafe\u{301}"))
        #expect(tree.entry(at: key("/caf\u{E9}")) == nil)
        #expect(try tree.readFile(at: key("/cafe\u{301}")) == bytes("x"))
    }
}

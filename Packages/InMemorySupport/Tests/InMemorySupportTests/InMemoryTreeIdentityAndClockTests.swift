import Foundation
import InMemorySupport
import Testing

/// One successful mutation of the sample tree.
struct TreeMutation: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let call: @Sendable (inout InMemoryTree) throws -> Void

    init(_ label: String, _ call: @escaping @Sendable (inout InMemoryTree) throws -> Void) {
        testDescription = label
        self.call = call
    }
}

@Suite("InMemoryTree identities, permissions and the deterministic clock", .tags(.small))
struct InMemoryTreeIdentityAndClockTests {
    static let start: Int64 = 1_700_000_000_000_000_000
    static let tick: Int64 = 1_000_000

    // MARK: Identity

    @Test("every entry has an identity no other entry has")
    func identitiesAreUnique() throws {
        let tree = try InMemoryTree.sample()
        let paths = [PathKey.root] + tree.paths(below: .root)
        let identities = paths.compactMap { tree.entry(at: $0)?.identity }
        #expect(identities.count == paths.count)
        #expect(Set(identities).count == identities.count)
    }

    @Test("writing over a file gives it a new identity and the new contents")
    func writeReplacesIdentity() throws {
        var tree = try InMemoryTree.sample()
        let old = try #require(tree.entry(at: key("/file.txt")))
        try tree.writeFile(bytes("new"), at: key("/file.txt"))
        let new = try #require(tree.entry(at: key("/file.txt")))
        #expect(new.identity != old.identity)
        #expect(new.data == bytes("new"))
        #expect(try tree.childNames(of: .root).filter { $0 == Array("file.txt".utf8) }.count == 1)
    }

    @Test("a removed entry's identity is not given to a new one")
    func identitiesAreNotReused() throws {
        var tree = try InMemoryTree.sample()
        let removed = try #require(tree.entry(at: key("/file.txt"))).identity
        try tree.removeItem(at: key("/file.txt"))
        try tree.writeFile(bytes("F"), at: key("/file.txt"))
        #expect(tree.entry(at: key("/file.txt"))?.identity != removed)
    }

    // MARK: Permissions

    @Test("permissions: 0644 files by default or as given, 0755 folders, 0777 links")
    func permissions() throws {
        var tree = InMemoryTree()
        try tree.writeFile(Data(), at: key("/plain"))
        try tree.writeFile(Data(), at: key("/secret"), permissions: 0o600)
        try tree.makeDirectory(at: key("/folder"))
        try tree.makeSymbolicLink(at: key("/link"), target: "/plain")
        #expect(tree.entry(at: key("/plain"))?.permissions == 0o644)
        #expect(tree.entry(at: key("/secret"))?.permissions == 0o600)
        #expect(tree.entry(at: key("/folder"))?.permissions == 0o755)
        #expect(tree.entry(at: key("/link"))?.permissions == 0o777)
        #expect(tree.entry(at: .root)?.permissions == 0o755)
    }

    // MARK: Clock

    @Test("the clock starts at a fixed instant")
    func clockStart() {
        let tree = InMemoryTree()
        #expect(tree.now == Self.start)
        #expect(tree.entry(at: .root)?.modificationNanoseconds == Self.start)
    }

    @Test(
        "every mutation advances the clock by exactly one millisecond",
        arguments: [
            TreeMutation("write a new file") { try $0.writeFile(bytes("x"), at: key("/new")) },
            TreeMutation("write over a file") { try $0.writeFile(bytes("x"), at: key("/file.txt")) },
            TreeMutation("write with an explicit time") {
                try $0.writeFile(bytes("x"), at: key("/new"), modificationNanoseconds: 42)
            },
            TreeMutation("mkdir") { try $0.makeDirectory(at: key("/new")) },
            TreeMutation("symlink") { try $0.makeSymbolicLink(at: key("/new"), target: "/docs") },
            TreeMutation("remove a file") { try $0.removeItem(at: key("/file.txt")) },
            TreeMutation("remove a folder tree") { try $0.removeItem(at: key("/docs")) },
            TreeMutation("move a file") { try $0.moveItem(from: key("/file.txt"), to: key("/moved")) },
            TreeMutation("move a folder tree") { try $0.moveItem(from: key("/docs"), to: key("/empty/docs")) },
            TreeMutation("set a modification time") { try $0.setModificationTime(7, at: key("/file.txt")) },
        ])
    func everyMutationTicks(_ mutation: TreeMutation) throws {
        var tree = try InMemoryTree.sample()
        let before = tree.now
        try mutation.call(&tree)
        #expect(tree.now == before + Self.tick)
    }

    @Test("a new entry and its folder carry the clock's new time")
    func newEntriesAreStamped() throws {
        var tree = InMemoryTree()
        try tree.makeDirectory(at: key("/a"))
        try tree.writeFile(bytes("x"), at: key("/a/b"))
        #expect(tree.entry(at: key("/a"))?.modificationNanoseconds == Self.start + 2 * Self.tick)
        #expect(tree.entry(at: key("/a/b"))?.modificationNanoseconds == Self.start + 2 * Self.tick)
        #expect(tree.entry(at: .root)?.modificationNanoseconds == Self.start + Self.tick)
    }

    @Test("an explicit modification time is recorded as given")
    func explicitTime() throws {
        var tree = InMemoryTree()
        try tree.writeFile(bytes("x"), at: key("/a"), modificationNanoseconds: 1_234)
        #expect(tree.entry(at: key("/a"))?.modificationNanoseconds == 1_234)
        try tree.setModificationTime(5_678, at: key("/a"))
        #expect(tree.entry(at: key("/a"))?.modificationNanoseconds == 5_678)
    }

    @Test("removing or moving an entry out of a folder updates the folder's time")
    func folderTimesFollowRemovesAndMoves() throws {
        var tree = try InMemoryTree.sample()
        let docsBefore = try #require(tree.entry(at: key("/docs"))).modificationNanoseconds
        try tree.removeItem(at: key("/docs/a.txt"))
        let docsAfterRemove = try #require(tree.entry(at: key("/docs"))).modificationNanoseconds
        #expect(docsAfterRemove > docsBefore)
        #expect(docsAfterRemove == tree.now)

        try tree.moveItem(from: key("/docs/sub"), to: key("/empty/sub"))
        #expect(tree.entry(at: key("/docs"))?.modificationNanoseconds == tree.now)
        #expect(tree.entry(at: key("/empty"))?.modificationNanoseconds == tree.now)
        #expect(tree.now > docsAfterRemove)
    }

    @Test("removing the file just written still changes its folder's time")
    func removeRightAfterWrite() throws {
        var tree = InMemoryTree()
        try tree.makeDirectory(at: key("/folder"))
        try tree.writeFile(bytes("x"), at: key("/folder/file"))
        let afterWrite = try #require(tree.entry(at: key("/folder"))).modificationNanoseconds
        try tree.removeItem(at: key("/folder/file"))
        #expect(try #require(tree.entry(at: key("/folder"))).modificationNanoseconds > afterWrite)
    }

    @Test("a move keeps the moved entry's own modification time")
    func moveKeepsTime() throws {
        var tree = try InMemoryTree.sample()
        let time = try #require(tree.entry(at: key("/docs/a.txt"))).modificationNanoseconds
        try tree.moveItem(from: key("/docs/a.txt"), to: key("/a.txt"))
        #expect(tree.entry(at: key("/a.txt"))?.modificationNanoseconds == time)
    }

    @Test("the same steps give the same tree: times and identities replay exactly")
    func deterministic() throws {
        func build() throws -> InMemoryTree {
            var tree = try InMemoryTree.sample()
            try tree.moveItem(from: key("/docs/sub"), to: key("/empty/sub"))
            try tree.writeFile(bytes("again"), at: key("/file.txt"))
            try tree.removeItem(at: key("/docs/a.txt"))
            return tree
        }
        let first = try build()
        let second = try build()
        #expect(first.snapshot == second.snapshot)
        #expect(first.now == Self.start + 9 * Self.tick)
    }
}

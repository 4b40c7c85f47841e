import Foundation
import InMemorySupport
import Testing

@Suite("InMemoryTree folders: listing, mkdir and remove", .tags(.small))
struct InMemoryTreeDirectoryTests {
    @Test("a new tree holds only the root folder")
    func emptyTree() throws {
        let tree = InMemoryTree()
        #expect(tree.entry(at: .root)?.isDirectory == true)
        #expect(try tree.childNames(of: .root).isEmpty)
        #expect(tree.paths(below: .root).isEmpty)
    }

    @Test("childNames lists direct children only, sorted by bytes")
    func childNamesSorted() throws {
        var tree = InMemoryTree()
        for name in ["b", "a", "B", "\u{E9}", "a0"] { try tree.writeFile(Data(), at: key("/" + name)) }
        try tree.makeDirectory(at: key("/a1"))
        try tree.writeFile(Data(), at: key("/a1/inner"))
        let names = try tree.childNames(of: .root).map { String(decoding: $0, as: UTF8.self) }
        #expect(names == ["B", "a", "a0", "a1", "b", "\u{E9}"])
    }

    @Test("paths(below:) lists every descendant, sorted, without the folder itself")
    func pathsBelow() throws {
        let tree = try InMemoryTree.sample()
        #expect(
            tree.paths(below: .root).map(\.path) == [
                "/docs", "/docs/a.txt", "/docs/sub", "/docs/sub/b.txt", "/empty", "/file.txt",
            ])
        #expect(tree.paths(below: key("/docs")).map(\.path) == ["/docs/a.txt", "/docs/sub", "/docs/sub/b.txt"])
        #expect(tree.paths(below: key("/file.txt")).isEmpty)
        #expect(tree.paths(below: key("/missing")).isEmpty)
    }

    @Test("mkdir creates an empty folder inside an existing one")
    func makeDirectory() throws {
        var tree = try InMemoryTree.sample()
        try tree.makeDirectory(at: key("/docs/new"))
        #expect(tree.entry(at: key("/docs/new"))?.isDirectory == true)
        #expect(tree.entry(at: key("/docs/new"))?.permissions == 0o755)
        #expect(try tree.childNames(of: key("/docs/new")).isEmpty)
        #expect(try tree.childNames(of: key("/docs")).contains(Array("new".utf8)))
    }

    @Test("mkdir with intermediate creates every missing ancestor")
    func makeDirectoryIntermediate() throws {
        var tree = try InMemoryTree.sample()
        try tree.makeDirectory(at: key("/docs/x/y/z"), intermediate: true)
        for path in ["/docs/x", "/docs/x/y", "/docs/x/y/z"] {
            #expect(tree.entry(at: key(path))?.isDirectory == true, "\(path)")
        }
        #expect(try tree.childNames(of: key("/docs/x")) == [Array("y".utf8)])
    }

    @Test("mkdir with intermediate accepts an existing folder and leaves it as it was")
    func makeDirectoryIntermediateExisting() throws {
        var tree = try InMemoryTree.sample()
        let before = tree.snapshot
        try tree.makeDirectory(at: key("/docs/sub"), intermediate: true)
        try tree.makeDirectory(at: .root, intermediate: true)
        #expect(tree.snapshot == before)
    }

    @Test("removing a folder removes everything in it")
    func removeRecursive() throws {
        var tree = try InMemoryTree.sample()
        try tree.removeItem(at: key("/docs"))
        for path in ["/docs", "/docs/a.txt", "/docs/sub", "/docs/sub/b.txt"] {
            #expect(tree.entry(at: key(path)) == nil, "\(path) survived")
        }
        #expect(tree.paths(below: .root).map(\.path) == ["/empty", "/file.txt"])
        expectPOSIXError(.ENOENT) { _ = try tree.childNames(of: key("/docs/sub")) }
        expectPOSIXError(.ENOENT) { try tree.writeFile(bytes("x"), at: key("/docs/sub/b.txt")) }
    }

    @Test("a folder removed and made again starts empty")
    func removeThenRecreate() throws {
        var tree = try InMemoryTree.sample()
        try tree.removeItem(at: key("/docs"))
        try tree.makeDirectory(at: key("/docs"))
        #expect(try tree.childNames(of: key("/docs")).isEmpty)
        #expect(tree.paths(below: key("/docs")).isEmpty)
    }

    @Test("removing a file leaves its siblings")
    func removeFile() throws {
        var tree = try InMemoryTree.sample()
        try tree.removeItem(at: key("/docs/a.txt"))
        #expect(tree.entry(at: key("/docs/a.txt")) == nil)
        #expect(try tree.childNames(of: key("/docs")) == [Array("sub".utf8)])
        #expect(try tree.readFile(at: key("/docs/sub/b.txt")) == bytes("B"))
    }
}

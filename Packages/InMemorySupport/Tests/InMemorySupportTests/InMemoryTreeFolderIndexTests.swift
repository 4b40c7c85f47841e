import Foundation
import InMemorySupport
import Testing

/// A folder can be found by its identity wherever it moved, as a process holding a descriptor
/// keeps reaching it (what the Mock file tree's root registry relies on).
@Suite("InMemoryTree finds a folder by its identity", .tags(.small))
struct InMemoryTreeFolderIndexTests {
    @Test("a folder is found where it is made, where it and its parent move, and not once removed")
    func followsTheFolder() throws {
        var tree = InMemoryTree()
        try tree.makeDirectory(at: key("/a/b/c"), intermediate: true)
        let identity = try #require(tree.entry(at: key("/a/b/c"))?.identity)
        #expect(tree.folder(withIdentity: identity) == key("/a/b/c"))
        #expect(tree.folder(withIdentity: 1) == .root)

        try tree.moveItem(from: key("/a/b"), to: key("/moved"))
        #expect(tree.folder(withIdentity: identity) == key("/moved/c"))
        try tree.makeDirectory(at: key("/a/b/c"), intermediate: true)  // a new folder at the old path
        #expect(tree.folder(withIdentity: identity) == key("/moved/c"))

        try tree.removeItem(at: key("/moved"))
        #expect(tree.folder(withIdentity: identity) == nil)
    }

    @Test("a file's identity names no folder")
    func filesAreNotFolders() throws {
        var tree = InMemoryTree()
        try tree.writeFile(bytes("x"), at: key("/f"))
        let identity = try #require(tree.entry(at: key("/f"))?.identity)
        #expect(tree.folder(withIdentity: identity) == nil)
    }
}

import Foundation
import InMemorySupport
import Testing

/// `lookUp` walks a spelled path as the kernel does (issue 18 items 1, 2 and 4): `..` from the
/// folder reached, links among the folders followed, a trailing slash asking for a folder.
@Suite("InMemoryTree looks paths up as the kernel does", .tags(.small))
struct InMemoryTreePathLookupTests {
    /// `/d/e` folders, `/f` a file, `/l -> d/e`, `/abs -> /d`, `/loop -> loop`, `/dangling -> nowhere`.
    static func tree() throws -> InMemoryTree {
        var tree = InMemoryTree()
        try tree.makeDirectory(at: PathKey(path: "/d/e"), intermediate: true)
        try tree.writeFile(Data("f".utf8), at: PathKey(path: "/f"))
        try tree.makeSymbolicLink(at: PathKey(path: "/l"), target: "d/e")
        try tree.makeSymbolicLink(at: PathKey(path: "/abs"), target: "/d")
        try tree.makeSymbolicLink(at: PathKey(path: "/loop"), target: "loop")
        try tree.makeSymbolicLink(at: PathKey(path: "/dangling"), target: "nowhere")
        return tree
    }

    @Test(
        "a spelling leads to its place in the tree",
        arguments: [
            ("/d/../g", "/g", false), ("/d/./e/x", "/d/e/x", false), ("//d//e", "/d/e", false),
            ("/l/x", "/d/e/x", false), ("/l/../x", "/d/x", false), ("/abs/e/x", "/d/e/x", false),
            ("/l", "/l", false), ("/l/", "/d/e", true), ("/d/e/..", "/d", true), ("/..", "/", true),
            ("/f", "/f", false), ("/f/", "/f", true), ("/missing", "/missing", false),
        ])
    func leads(_ spelled: String, _ place: String, _ namesFolder: Bool) throws {
        let found = try Self.tree().lookUp(spelled, followingFinalLink: false)
        #expect(found == PathLookup(key: PathKey(path: place), namesFolder: namesFolder))
    }

    @Test(
        "a walk through what is not a folder fails as the kernel says",
        arguments: [
            ("/f/../g", POSIXErrorCode.ENOTDIR), ("/missing/../g", .ENOENT), ("/f/x", .ENOTDIR),
            ("/dangling/x", .ENOENT), ("/loop/x", .ELOOP),
            ("/" + String(repeating: "n", count: 256) + "/../x", .ENAMETOOLONG),
            ("/" + String(repeating: "a/", count: 2_048), .ENAMETOOLONG), ("/a\u{0}b", .EINVAL),
        ])
    func fails(_ spelled: String, _ code: POSIXErrorCode) throws {
        let tree = try Self.tree()
        #expect(throws: POSIXError(code)) { try tree.lookUp(spelled, followingFinalLink: false) }
    }

    @Test("a final link is followed only when asked")
    func finalLink() throws {
        let tree = try Self.tree()
        #expect(try tree.lookUp("/abs", followingFinalLink: true).key == PathKey(path: "/d"))
        #expect(try tree.lookUp("/dangling", followingFinalLink: true).key == PathKey(path: "/nowhere"))
        #expect(throws: POSIXError(.ELOOP)) { try tree.lookUp("/loop", followingFinalLink: true) }
    }
}

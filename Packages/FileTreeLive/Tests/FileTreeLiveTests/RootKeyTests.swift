import Foundation
import Testing

@testable import FileTreeLive

/// A root is kept under one key however its URL is spelled; the key is worked out once a URL
/// and remembered, which must change no answer.
@Suite("The key a root is kept under")
struct RootKeyTests {
    @Test("spellings of one folder share a key, asked once or many times, past the memory's 64 URLs")
    func spellings() throws {
        let spellings = ["/srv/a/b", "/srv/a/b/", "/srv/a/./b", "/srv/a/c/../b", "/srv/a/b//", "/srv/./a/b/."]
        for round in 0..<3 {
            for spelling in spellings {
                #expect(TreeRoot.key(of: URL(filePath: spelling)) == "/srv/a/b", "\(spelling), round \(round)")
            }
            // Other roots in between, more than the memory keeps.
            for index in 0..<100 {
                #expect(TreeRoot.key(of: URL(filePath: "/other/\(index)/")) == "/other/\(index)")
            }
        }
        #expect(TreeRoot.key(of: URL(filePath: "/")) == "/")
    }

    @Test("a path with .. is worked out afresh each time: Foundation follows the link before it, which can change")
    func linkBeforeDotDot() throws {
        let folder = try TemporaryFolder()
        var base = folder.url.path(percentEncoded: false)
        while base.hasSuffix("/") { base.removeLast() }
        for name in ["one/sub", "one/Sync", "two/sub", "two/Sync"] {
            try FileManager.default.createDirectory(
                atPath: base + "/" + name, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/one/sub")
        let root = URL(filePath: base + "/link/../Sync")
        let first = TreeRoot.key(of: root)
        #expect(first.hasSuffix("/one/Sync"))
        try FileManager.default.removeItem(atPath: base + "/link")
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/two/sub")
        #expect(TreeRoot.key(of: root).hasSuffix("/two/Sync"))
    }

    @Test("one open folder for every spelling of a root")
    func oneOpenFolder() throws {
        let folder = try TemporaryFolder()
        let roots = RootDescriptors()
        let path = folder.url.path(percentEncoded: false)
        for spelling in [path, path + "/", path + "/./", path + "/x/../"] {
            _ = try roots.tree(URL(filePath: spelling))
            _ = try roots.tree(URL(filePath: spelling))
        }
        #expect(roots.count == 1)
    }
}

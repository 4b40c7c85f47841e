import BookmarkInterface
import BookmarkLive
import Foundation
import Testing

/// Folders whose paths have a space, a percent sign and accents: bookmarks are made and resolved
/// at those exact paths, and the store lives at its exact path, never a percent-encoded spelling.
@Suite("Bookmarks of folders, and a store, at paths with a space, a percent sign and accents")
struct OddPathTests {
    @Test("a bookmark of such a folder is made and resolves to the same folder")
    func oddFolder() throws {
        let home = try TemporaryFolder()
        let folder = home.url.appending(path: "Jos\u{e9}'s 100% folder", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let resolver = DefaultBookmarkResolver()
        let resolved = try resolver.resolveBookmark(try resolver.makeBookmark(for: folder))
        #expect(!resolved.isStale)
        #expect(
            resolved.url.standardizedFileURL.path(percentEncoded: false)
                == folder.standardizedFileURL.path(percentEncoded: false))
    }

    @Test("a bookmark of the file system's root resolves to the root")
    func rootFolder() throws {
        let resolver = DefaultBookmarkResolver()
        let resolved = try resolver.resolveBookmark(try resolver.makeBookmark(for: URL(filePath: "/")))
        #expect(resolved.url.path(percentEncoded: false) == "/" && !resolved.isStale)
    }

    @Test("a bookmark whose path has a . or .. component is malformed, never resolved", arguments: ["/./", "/../"])
    func dotComponentsAreRefused(middle: String) throws {
        let home = try TemporaryFolder()
        let resolver = DefaultBookmarkResolver()
        let path = home.url.path(percentEncoded: false).trimmingSuffixSlash
        let text = String(decoding: try resolver.makeBookmark(for: home.url), as: UTF8.self)
        let odd = text.replacingOccurrences(of: "\"\(path)\"", with: "\"\(path + middle + "x")\"")
        #expect(odd != text)
        #expect(throws: BookmarkError.malformedBookmark("the recorded path is not a plain absolute path")) {
            try resolver.resolveBookmark(Data(odd.utf8))
        }
    }

    @Test("the same folder's bookmark is the same bytes each time, its path written plainly")
    func stableBytes() throws {
        let home = try TemporaryFolder()
        let resolver = DefaultBookmarkResolver()
        let first = try resolver.makeBookmark(for: home.url)
        #expect(try resolver.makeBookmark(for: home.url) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains(home.url.path(percentEncoded: false).trimmingSuffixSlash), "\(text)")
        #expect(!text.contains(#"\/"#), "slashes are not escaped: \(text)")
    }

    @Test("a store at such a path keeps its entries there")
    func oddStore() throws {
        let home = try TemporaryFolder()
        let store = home.url.appending(path: "state 100% \u{e9}/bookmarks", directoryHint: .isDirectory)
        let storage = DefaultBookmarkStorage(folder: store)
        try storage.saveBookmark(Data("value".utf8), for: "docs")
        #expect(try storage.loadBookmark(for: "docs") == Data("value".utf8))
        let entries = try FileManager.default.contentsOfDirectory(atPath: store.path(percentEncoded: false))
        #expect(entries.count == 1)
        let top = try FileManager.default.contentsOfDirectory(atPath: home.url.path(percentEncoded: false))
        #expect(top == ["state 100% \u{e9}"], "nothing at an encoded spelling: \(top)")
    }
}

extension String {
    fileprivate var trimmingSuffixSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}

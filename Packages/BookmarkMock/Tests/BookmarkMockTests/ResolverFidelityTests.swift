import BookmarkInterface
import BookmarkMock
import Foundation
import InMemorySupport
import Testing

/// What the differential run found the Mock resolver doing otherwise than the Live one.
@Suite("MockBookmarkResolver answers as DefaultBookmarkResolver does")
struct ResolverFidelityTests {
    @Test("a resolved folder's URL is a folder's URL, its path ending in a slash, found or moved")
    func folderURLs() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/home/me/docs"), intermediate: true) }
        let resolver = MockBookmarkResolver(world: world)
        let data = try resolver.makeBookmark(for: URL(filePath: "/home/me/docs"))
        #expect(try resolver.resolveBookmark(data).url.path(percentEncoded: false) == "/home/me/docs/")
        try world.withTree {
            try $0.moveItem(from: PathKey(path: "/home/me/docs"), to: PathKey(path: "/home/me/papers"))
        }
        let moved = try resolver.resolveBookmark(data)
        #expect(moved.url.path(percentEncoded: false) == "/home/me/papers/")
        #expect(moved.url.hasDirectoryPath && moved.isStale)
    }

    @Test("a link beside the old name that points at the moved folder is not taken for it")
    func linkBesideIsNotTheFolder() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/home/me/docs"), intermediate: true) }
        let resolver = MockBookmarkResolver(world: world)
        let data = try resolver.makeBookmark(for: URL(filePath: "/home/me/docs"))
        try world.withTree { tree in
            try tree.makeSymbolicLink(at: PathKey(path: "/home/me/a-link"), target: "z-moved")
            try tree.moveItem(from: PathKey(path: "/home/me/docs"), to: PathKey(path: "/home/me/z-moved"))
        }
        #expect(try resolver.resolveBookmark(data).url.path(percentEncoded: false) == "/home/me/z-moved/")
    }
}

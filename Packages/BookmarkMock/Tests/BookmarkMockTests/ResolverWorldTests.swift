import BookmarkInterface
import BookmarkMock
import Foundation
import InMemorySupport
import Testing

@Suite("MockBookmarkResolver on its world: no mutation, paths as written")
struct ResolverWorldTests {
    @Test("making and resolving a bookmark is no mutation: both still work while the world is crashed")
    func worksWhileCrashed() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/docs")) }
        let resolver = MockBookmarkResolver(world: world)
        let data = try resolver.makeBookmark(for: URL(filePath: "/docs"))
        world.crash(atMutation: 1)
        #expect(throws: MockCrash(step: 1)) { try MockBookmarkStorage(world: world).saveBookmark(data, for: "docs") }
        #expect(throws: Never.self) { try resolver.makeBookmark(for: URL(filePath: "/docs")) }
        #expect(try resolver.resolveBookmark(data).isStale == false)
    }

    @Test("a folder with a space in its path is found, and a missing one is named, as written")
    func spaceInPath() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/with space")) }
        let resolver = MockBookmarkResolver(world: world)
        #expect(throws: Never.self) { try resolver.makeBookmark(for: URL(filePath: "/with space")) }
        #expect(throws: BookmarkError.notAFolder(path: "/with space/missing")) {
            try resolver.makeBookmark(for: URL(filePath: "/with space/missing"))
        }
    }
}

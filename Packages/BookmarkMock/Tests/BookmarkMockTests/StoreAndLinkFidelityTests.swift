import BookmarkInterface
import BookmarkMock
import Foundation
import InMemorySupport
import Testing

/// Where the bookmark Mocks differed from the disk (issue 18 items 2 and 5).
@Suite("The bookmark Mocks meet odd store folders and links as the Live ones do")
struct StoreAndLinkFidelityTests {
    static let folder = URL(filePath: "/mock-state/bookmarks", directoryHint: .isDirectory)

    @Test("a store folder that is a regular file is storeRefused for save and load, not a raw POSIXError")
    func storeIsAFile() throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/mock-state"))
            try tree.writeFile(Data("x".utf8), at: PathKey(Self.folder))
        }
        let storage = MockBookmarkStorage(world: world, folder: Self.folder)
        let refused = BookmarkError.storeRefused(path: "/mock-state/bookmarks", reason: "it is not a folder")
        #expect(throws: refused) { try storage.saveBookmark(Data("b".utf8), for: "k") }
        #expect(throws: refused) { try storage.loadBookmark(for: "k") }
    }

    @Test("a store folder that is a symbolic link is refused, never followed")
    func storeIsALink() throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/mock-state"))
            try tree.makeDirectory(at: PathKey(path: "/elsewhere"))
            try tree.makeSymbolicLink(at: PathKey(Self.folder), target: "/elsewhere")
        }
        let storage = MockBookmarkStorage(world: world, folder: Self.folder)
        let refused = BookmarkError.storeRefused(path: "/mock-state/bookmarks", reason: "it is a symbolic link")
        #expect(throws: refused) { try storage.saveBookmark(Data("b".utf8), for: "k") }
        #expect(world.withTree { (try? $0.childNames(of: PathKey(path: "/elsewhere"))) ?? [] }.isEmpty)
    }

    @Test("a missing store loads nothing and creates nothing")
    func missingStore() throws {
        let world = MockWorld()
        #expect(try MockBookmarkStorage(world: world, folder: Self.folder).loadBookmark(for: "k") == nil)
        #expect(world.withTree { $0.entry(at: PathKey(path: "/mock-state")) } == nil)
    }

    @Test("makeBookmark on a symbolic link to a folder succeeds, as on disk, and resolves")
    func bookmarkThroughLink() throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/real"))
            try tree.makeSymbolicLink(at: PathKey(path: "/link"), target: "real")
            try tree.makeSymbolicLink(at: PathKey(path: "/dangling"), target: "gone")
        }
        let resolver = MockBookmarkResolver(world: world)
        let data = try resolver.makeBookmark(for: URL(filePath: "/link"))
        #expect(try resolver.resolveBookmark(data).isStale == false)
        #expect(throws: BookmarkError.notAFolder(path: "/dangling")) {
            try resolver.makeBookmark(for: URL(filePath: "/dangling"))
        }
    }

    @Test("a store folder with a space and an accent in its path saves and loads there, and is named plainly")
    func storeWithOddName() throws {
        let world = MockWorld()
        let folder = URL(filePath: "/mock state/bookmarks é", directoryHint: .isDirectory)
        let storage = MockBookmarkStorage(world: world, folder: folder)
        try storage.saveBookmark(Data("b".utf8), for: "k")
        #expect(try storage.loadBookmark(for: "k") == Data("b".utf8))
        #expect(world.withTree { $0.entry(at: PathKey(path: "/mock state/bookmarks é")) }?.kind == .directory)
        let folderEntry = storage.entryURL(for: "k2")
        try world.withTree { try $0.makeDirectory(at: PathKey(folderEntry)) }
        let shown = folderEntry.path(percentEncoded: false)
        #expect(
            throws: BookmarkError.storeRefused(
                path: "/mock state/bookmarks é", reason: "cannot read \(shown): not a regular file")
        ) { try storage.loadBookmark(for: "k2") }
        try world.withTree { try $0.writeFile(Data("x".utf8), at: PathKey(path: "/mock state/other")) }
        let refused = MockBookmarkStorage(world: world, folder: URL(filePath: "/mock state/other/b"))
        #expect(throws: BookmarkError.storeRefused(path: "/mock state/other/b", reason: "ENOTDIR")) {
            try refused.saveBookmark(Data("b".utf8), for: "k")
        }
    }

    @Test("a link on the way to the store folder is followed, as on disk (/home linked to /data/home)")
    func linkAboveStore() throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/data/state"), intermediate: true)
            try tree.makeSymbolicLink(at: PathKey(path: "/state"), target: "/data/state")
        }
        let storage = MockBookmarkStorage(world: world, folder: URL(filePath: "/state/bookmarks"))
        try storage.saveBookmark(Data("b".utf8), for: "k")
        #expect(try storage.loadBookmark(for: "k") == Data("b".utf8))
        #expect(world.withTree { $0.entry(at: PathKey(path: "/data/state/bookmarks")) }?.kind == .directory)
    }
}

import BookmarkInterface
import BookmarkMock
import Foundation
import InMemorySupport
import Testing

/// The differential run found the Mock store returning whatever bytes sat in an entry's file,
/// where DefaultBookmarkStorage checks the entry names its key.
@Suite("MockBookmarkStorage reads an entry as DefaultBookmarkStorage does")
struct StoreEntryFidelityTests {
    @Test("a damaged entry, or one copied under another key's name, is corruptEntry; a folder there is storeRefused")
    func damagedEntries() throws {
        let storage = MockBookmarkStorage()
        try storage.saveBookmark(Data("one".utf8), for: "first")
        try storage.saveBookmark(Data("two".utf8), for: "second")
        let first = PathKey(storage.entryURL(for: "first"))
        let second = PathKey(storage.entryURL(for: "second"))
        try storage.world.withTree { tree in
            try tree.writeFile(try #require(tree.entry(at: first)?.data), at: second)
        }
        #expect(throws: BookmarkError.corruptEntry(key: "second")) { try storage.loadBookmark(for: "second") }
        try storage.world.withTree { try $0.writeFile(Data("garbage".utf8), at: first) }
        #expect(throws: BookmarkError.corruptEntry(key: "first")) { try storage.loadBookmark(for: "first") }
        try storage.world.withTree { tree in
            try tree.removeItem(at: first)
            try tree.makeDirectory(at: first)
        }
        #expect {
            try storage.loadBookmark(for: "first")
        } throws: { error in
            if case .storeRefused = error as? BookmarkError { true } else { false }
        }
    }
}

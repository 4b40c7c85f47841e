import BookmarkContract
import BookmarkMock
import Foundation
import InMemorySupport
import Testing

@Suite("The bookmark Mocks pass the contracts the Live implementations pass")
struct BookmarkMockContractTests {
    @Test("storage contract case", arguments: BookmarkStorageContract.cases)
    func storage(_ check: BookmarkStorageContractCase) throws {
        let world = MockWorld()
        try check.verify(BookmarkStorageContractFixture { MockBookmarkStorage(world: world) })
    }

    @Test("resolving contract case", arguments: BookmarkResolvingContract.cases)
    func resolving(_ check: BookmarkResolvingContractCase) throws {
        let world = MockWorld()
        let root = URL(filePath: "/home/me", directoryHint: .isDirectory)
        try world.withTree { try $0.makeDirectory(at: PathKey(root), intermediate: true) }
        try check.verify(
            BookmarkResolvingContractFixture(
                resolver: MockBookmarkResolver(world: world), root: root,
                makeDirectory: { url in try world.withTree { try $0.makeDirectory(at: PathKey(url)) } },
                makeFile: { url in try world.withTree { try $0.writeFile(Data("x".utf8), at: PathKey(url)) } },
                move: { from, to in try world.withTree { try $0.moveItem(from: PathKey(from), to: PathKey(to)) } },
                remove: { url in try world.withTree { try $0.removeItem(at: PathKey(url)) } }))
    }
}

@Suite("Bookmark Mock faults and journal")
struct BookmarkMockFaultTests {
    @Test("a fault aimed at one key's entry fails that key only")
    func faultOnOneKey() throws {
        let storage = MockBookmarkStorage()
        try storage.saveBookmark(Data("a".utf8), for: "a")
        try storage.saveBookmark(Data("b".utf8), for: "b")
        storage.world.inject(
            Fault(CocoaError(.fileReadCorruptFile), operation: .loadBookmark, path: storage.entryURL(for: "a")))
        #expect(throws: CocoaError(.fileReadCorruptFile)) { try storage.loadBookmark(for: "a") }
        #expect(try storage.loadBookmark(for: "b") == Data("b".utf8))
    }

    @Test("a crash stops saves and keeps the old value")
    func crash() throws {
        let storage = MockBookmarkStorage()
        try storage.saveBookmark(Data("old".utf8), for: "k")
        storage.world.crash(atMutation: 2)
        #expect(throws: MockCrash(step: 2)) { try storage.saveBookmark(Data("new".utf8), for: "k") }
        #expect(try storage.loadBookmark(for: "k") == Data("old".utf8))
    }

    @Test("storage and resolver on one world share one journal, in order")
    func sharedJournal() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/docs")) }
        let resolver = MockBookmarkResolver(world: world)
        let storage = MockBookmarkStorage(world: world)
        try storage.saveBookmark(try resolver.makeBookmark(for: URL(filePath: "/docs")), for: "docs")
        _ = try resolver.resolveBookmark(try #require(try storage.loadBookmark(for: "docs")))
        #expect(world.journal.map(\.operation) == [.makeBookmark, .saveBookmark, .loadBookmark, .resolveBookmark])
    }
}

@Suite("Concurrent use of the bookmark Mocks")
struct ConcurrentBookmarkTests {
    @Test("concurrent saves and loads from many tasks see whole values only")
    func concurrentSaves() async throws {
        let storage = MockBookmarkStorage()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        try? storage.saveBookmark(Data(repeating: UInt8(task), count: 512), for: "shared")
                        try? storage.saveBookmark(Data("\(task)-\(round)".utf8), for: "key-\(task)-\(round)")
                        if let value = try? storage.loadBookmark(for: "shared") { #expect(Set(value).count == 1) }
                    }
                }
            }
        }
        #expect(try storage.loadBookmark(for: "key-7-49") == Data("7-49".utf8))
        #expect(storage.world.journal.count == 8 * 50 * 3 + 1)
    }
}

import FileAccessorMock
import FileTreeInterface
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// What a sync writes of its archive: the change alone while the journal is small, the whole
/// file otherwise; and what a torn, stale or orphaned journal does to the next sync (nothing
/// unsafe: at worst the archive of a sync before, as after a crash).
@Suite("The archive's journal, through syncs")
struct ArchiveJournalStoreTests {
    static let folder = "/machines/alpha/state/pairs/646f6373/"
    static let file = PathKey(path: folder + "archive.synccli-archive")
    static let journal = PathKey(path: folder + "archive.synccli-journal")

    /// Alpha synced `count` files.
    func synced(_ rig: TestRig, count: Int = 40) async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        for index in 0..<count { try rig.put("file \(index)", at: "f\(index).txt", in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        return (manager, pair)
    }

    func bytes(_ key: PathKey, in rig: TestRig) -> Data? {
        rig.world.withTree { try? $0.readFile(at: key) }
    }

    @Test("a sync that changed a few paths adds them to the journal and leaves the archive file as it was")
    func appends() async throws {
        let rig = TestRig()
        let (manager, pair) = try await synced(rig)
        let file = bytes(Self.file, in: rig)
        let before = try await manager.archiveStore.load(pair: "docs").0.records
        #expect(bytes(Self.journal, in: rig) == nil, "a first sync writes the archive file whole")
        try rig.put("changed", at: "f3.txt", in: rig.localRoot("alpha"))
        try rig.remove("f7.txt", in: rig.pairRoot)
        rig.world.clearJournal()
        try await manager.sync(pair)
        #expect(bytes(Self.file, in: rig) == file)
        let journal = String(decoding: try #require(bytes(Self.journal, in: rig)), as: UTF8.self)
        #expect(journal.hasPrefix("synccli-journal 1 1\nsegment 1 2 "))
        #expect(journal.contains("\tf3.txt\n") && journal.contains("-\tf7.txt\n") && !journal.contains("f4.txt"))
        let archiveFiles = [Self.file, Self.journal].map(\.path)
        let writes = rig.world.journal.filter { archiveFiles.contains($0.url.path) && $0.operation != .read }
        #expect(writes.map(\.operation) == [.append], "\(writes)")
        // What the next sync reads is what the sync saved: nothing left to do, and a removal syncs.
        let loaded = try await manager.archiveStore.load(pair: "docs").0
        #expect(loaded.generation == 2 && loaded.records.count == before.count - 1)
        let (f3, f7) = (try RelativePath("f3.txt"), try RelativePath("f7.txt"))
        #expect(loaded.records[f7] == nil && loaded.records[f3]?.size == 7 && before[f3]?.size == 6)
        #expect(try await manager.plan(pair).actions.isEmpty)
        try rig.remove("f3.txt", in: rig.pairRoot)
        let report = try await manager.sync(pair)
        #expect(report.deleted == 1 && !rig.exists("f3.txt", in: rig.localRoot("alpha")))
    }

    @Test(
        "once the journal would pass a quarter of the archive file, the file is written whole and the journal removed")
    func compacts() async throws {
        let rig = TestRig()
        let (manager, pair) = try await synced(rig, count: 12)
        var appended = 0
        for round in 0..<8 {
            try rig.put("round \(round)", at: "f\(round).txt", in: rig.localRoot("alpha"))
            try await manager.sync(pair)
            if bytes(Self.journal, in: rig) != nil { appended += 1 } else { break }
        }
        #expect(appended >= 1, "the journal was never used")
        #expect(bytes(Self.journal, in: rig) == nil, "the journal was never folded into the file")
        let loaded = try await manager.archiveStore.load(pair: "docs").0
        let onlyFile = try Archive.decode(try #require(bytes(Self.file, in: rig)), pair: "docs")
        #expect(loaded == onlyFile && loaded.generation == appended + 2)
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test(
        "a torn segment at the journal's end is the sync before it; the next sync writes the file whole and converges")
    func torn() async throws {
        let rig = TestRig()
        let (manager, pair) = try await synced(rig)
        try rig.put("changed", at: "f3.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let whole = try #require(bytes(Self.journal, in: rig))
        try rig.world.withTree { try $0.writeFile(whole.dropLast(5), at: Self.journal) }
        #expect(try await manager.archiveStore.load(pair: "docs").0.generation == 1)
        try rig.put("again", at: "f5.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.warnings.isEmpty && report.conflicts.isEmpty, "\(report.warnings) \(report.conflicts)")
        #expect(bytes(Self.journal, in: rig) == nil)
        #expect(
            rig.text(at: "f3.txt", in: rig.pairRoot) == "changed" && rig.text(at: "f5.txt", in: rig.pairRoot) == "again"
        )
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("a journal left beside a damaged archive file is never replayed onto the first sync's new archive")
    func orphaned() async throws {
        let rig = TestRig()
        let (manager, pair) = try await synced(rig)
        try rig.remove("f3.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)  // the journal now says f3.txt is gone
        #expect(bytes(Self.journal, in: rig) != nil)
        try rig.world.withTree { try $0.writeFile(Data("damaged".utf8), at: Self.file) }
        try rig.put("back", at: "f3.txt", in: rig.localRoot("alpha"))
        let first = try await manager.sync(pair)
        #expect(first.wasFirstSync && bytes(Self.journal, in: rig) == nil)
        let records = try await manager.archiveStore.load(pair: "docs").0.records
        #expect(records[try RelativePath("f3.txt")] != nil, "the old journal's removal was replayed")
        #expect(rig.text(at: "f3.txt", in: rig.pairRoot) == "back")
    }

    @Test("a journal whose size changed since it was read is not added to: the save writes the file whole")
    func sizeChanged() async throws {
        let rig = TestRig()
        let (manager, _) = try await synced(rig)
        let store = await manager.archiveStore
        var (archive, _) = try store.load(pair: "docs")
        let path = try RelativePath("f3.txt")
        for size in [\ArchiveRecord.size, \.local.size, \.container.size] { archive.records[path]?[keyPath: size] = 99 }
        archive.generation += 1
        // Between the read and the save, another writer starts a journal.
        try rig.world.withTree { try $0.writeFile(Data(ArchiveJournal.header(following: 1)), at: Self.journal) }
        try store.save(archive, changed: [path])
        let file = try Archive.decode(try #require(bytes(Self.file, in: rig)), pair: "docs")
        #expect(file == archive && bytes(Self.journal, in: rig) == nil)
        #expect(try store.load(pair: "docs").0 == archive)
    }

    @Test(
        "a folder where the journal should be is one warning: the sync uses the archive as written whole, then replaces it"
    )
    func notAJournal() async throws {
        let rig = TestRig()
        let (manager, pair) = try await synced(rig)
        try rig.world.withTree { try $0.makeDirectory(at: Self.journal, intermediate: false) }
        try rig.put("changed", at: "f3.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.warnings.count == 1 && report.warnings.first?.contains("archive.synccli-journal") == true)
        #expect(rig.text(at: "f3.txt", in: rig.pairRoot) == "changed" && bytes(Self.journal, in: rig) == nil)
        #expect(!rig.world.withTree { $0.entry(at: Self.journal) != nil }, "the folder is still in the way")
        let next = try await manager.sync(pair)
        #expect(next.warnings.isEmpty && next.done.isEmpty, "\(next.warnings)")
    }
}

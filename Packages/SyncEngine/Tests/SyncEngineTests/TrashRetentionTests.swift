import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import NetworkMock
import Testing

@testable import SyncEngine

/// A clock for the engine that moves only when told.
struct DayClock: Sendable {
    let clock = VirtualClock()
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    var now: @Sendable () -> Date {
        let (clock, start) = (clock, start)
        return { start.addingTimeInterval(Double(clock.now.components.seconds)) }
    }

    func advance(days: Double) { clock.advance(by: .seconds(days * 86_400)) }
}

@Suite("Trash retention: by age and size, never the last copy, expired at the end of a sync")
struct TrashRetentionTests {
    /// alpha's engine on a day clock, its pair synced once with `names` in its folder, each
    /// holding `prefix` and its name.
    func syncedAlpha(_ names: [String], prefix: String) async throws -> (TestRig, DayClock, SyncManager, SyncPair) {
        let rig = TestRig()
        let days = DayClock()
        let manager = rig.manager("alpha", clock: days.now)
        let pair = try rig.pair("alpha")
        for name in names { try rig.put(prefix + name, at: name, in: rig.localRoot("alpha")) }
        try await manager.sync(pair)
        return (rig, days, manager, pair)
    }

    static let seams: [TestRig.Seam] = [.folderProtocols, .webDAV(.lighttpd)]

    @Test("a version is kept for the age limit and removed by the first sync after it", arguments: seams)
    func ageLimit(seam: TestRig.Seam) async throws {
        try await TestRig.$seam.withValue(seam) {
            let (rig, days, manager, pair) = try await syncedAlpha(["a.txt", "b.txt", "c.txt"], prefix: "old ")
            try rig.remove("a.txt", in: rig.localRoot("alpha"))
            try await manager.sync(pair)
            #expect(try await manager.trash(of: pair).map(\.originalPath.text) == ["a.txt"])
            days.advance(days: 29.9)
            let young = try await manager.sync(pair)
            #expect(young.warnings.isEmpty)
            #expect(try await manager.trash(of: pair).count == 1, "younger than 30 days: kept, last copy or not")
            days.advance(days: 0.2)
            let old = try await manager.sync(pair)
            #expect(old.warnings.isEmpty)
            #expect(try await manager.trash(of: pair).isEmpty)
            let trashLeft = rig.contents(of: rig.pairRoot, includingOwnFiles: true).keys.filter {
                $0.hasPrefix(".synccli-trash/")
            }
            #expect(trashLeft.isEmpty, "the run folder goes with its last version")
        }
    }

    @Test("the size limit removes versions that have a copy elsewhere and keeps the last copies")
    func sizeLimitKeepsLastCopies() async throws {
        let (rig, days, manager, pair) = try await syncedAlpha(["x.txt", "y.txt", "z.txt"], prefix: "the ")
        try rig.remove("x.txt", in: rig.localRoot("alpha"))
        try rig.remove("y.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try await manager.setTrashRetention(TrashRetention(days: 30, maxSize: .bytes(0)), of: pair)
        let over = try await manager.sync(pair)
        #expect(over.warnings.isEmpty)
        #expect(try await manager.trash(of: pair).count == 2, "both are last copies: kept over the limit")
        // y is put back from the container's trash: its trashed copy stays, now not the last one.
        let trashedY = try #require(try await manager.trash(of: pair).first { $0.originalPath.text == "y.txt" })
        try await manager.restore(trashedY, of: pair, onto: .local)
        let marked = try await manager.trashMarkingLastCopies(of: pair)
        #expect(marked.map { "\($0.originalPath) \($0.isLastCopy == true)" }.sorted() == ["x.txt true", "y.txt false"])
        let report = try await manager.sync(pair)
        #expect(report.warnings.isEmpty)
        #expect(try await manager.trash(of: pair).map(\.originalPath.text) == ["x.txt"], "x is the last copy: kept")
        #expect(rig.text(at: "y.txt", in: rig.pairRoot) == "the y.txt")
        days.advance(days: 31)
        try await manager.sync(pair)
        #expect(try await manager.trash(of: pair).isEmpty, "past its age even the last copy goes")
    }

    /// alpha's container trash over a cap of 0 by two last copies (18 bytes): a sync kept them and
    /// remembered that it had to; then `change` runs, and a copy of the live z.txt (9 bytes, less
    /// than what was kept) appears in the container's trash as another machine's run leaves one.
    /// Returns what alpha's trash holds after a sync that changed nothing.
    /// (A sync that changed nothing expires a trash over its cap only when it holds another amount
    /// than the last copies it had to keep the last time.)
    func trashAfterCopyAppears(_ change: (TestRig, SyncManager, SyncPair, DayClock) async throws -> Void) async throws
        -> [String]
    {
        let (rig, days, manager, pair) = try await syncedAlpha(["x.txt", "y.txt", "z.txt"], prefix: "the ")
        try rig.remove("x.txt", in: rig.localRoot("alpha"))
        try rig.remove("y.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try await manager.setTrashRetention(TrashRetention(days: 30, maxSize: .bytes(0)), of: pair)
        try await manager.sync(pair)
        #expect(try await manager.trash(of: pair).count == 2, "both are last copies: kept over the limit")
        try await change(rig, manager, pair, days)
        let live = PathKey(rig.pairRoot.appending(path: "z.txt"))
        let run = PathKey(
            rig.pairRoot.appending(path: ".synccli-trash/" + TrashStamp.folderName(for: days.now(), generation: 99)))
        try rig.world.withTree { tree in
            let time = try #require(tree.entry(at: live)).modificationNanoseconds
            try tree.makeDirectory(at: run, intermediate: true)
            try tree.writeFile(
                Data("the z.txt".utf8), at: run.appending(Array("z.txt".utf8)), modificationNanoseconds: time)
        }
        let report = try await manager.sync(pair)
        #expect(report.copied == 0 && report.warnings.isEmpty, "\(report.warnings)")
        return try await manager.trash(of: pair).map(\.originalPath.text).sorted()
    }

    @Test("emptying the trash forgets the last copies kept over the cap: a copy that appears later is expired")
    func emptyTrashForgetsWhatWasKept() async throws {
        let left = try await trashAfterCopyAppears { _, manager, pair, days in
            days.advance(days: 31)  // past the age limit, so the last copies go too
            _ = try await manager.emptyTrash(of: pair)
            #expect(try await manager.trash(of: pair).isEmpty)
        }
        #expect(left.isEmpty, "the copy of the live z.txt is over the cap and not a last copy")
    }

    @Test(
        "the trash emptied by another machine: a copy that appears later is expired by a sync that changed nothing, once the last listing is ten minutes old"
    )
    func emptiedElsewhereForgetsWhatWasKept() async throws {
        let left = try await trashAfterCopyAppears { rig, manager, pair, days in
            // Within ten minutes of the last listing, a sync takes the record for the run folders.
            days.clock.advance(by: .seconds(TrashRecord.lifetime))
            // As `trash empty` on that machine does: each version, then its emptied run folder.
            let kept = try await manager.trash(of: pair).map {
                PathKey(rig.pairRoot.appending(path: $0.trashPath.text))
            }
            try rig.world.withTree { tree in
                for version in kept {
                    try tree.removeItem(at: version)
                    if (try? tree.childNames(of: version.parent))?.isEmpty == true {
                        try tree.removeItem(at: version.parent)
                    }
                }
            }
        }
        #expect(left.isEmpty, "the copy of the live z.txt is over the cap and not a last copy")
    }

    @Test("a share of the free space: the cap follows the side's disk; a server that does not tell it has none")
    func shareOfFreeSpace() async throws {
        try await TestRig.$seam.withValue(.webDAV(.lighttpd)) {
            let rig = TestRig()
            let manager = rig.manager("alpha", space: { _ in 1000 })
            let pair = try rig.pair("alpha")
            try rig.put("12345", at: "f.txt", in: rig.localRoot("alpha"))
            try await manager.sync(pair)
            try rig.put("a longer one", at: "f.txt", in: rig.pairRoot)
            try await manager.sync(pair)
            let summary = try await manager.trashSummary(of: pair)
            #expect(summary.retention == .standard)
            let local = try #require(summary.sides[.local])
            #expect(local.versions == 1 && local.bytes == 5)
            let localCap = local.cap.map { Int($0) }
            #expect(localCap == (1000 + 5) / 100 * 10)
            #expect(local.oldest != nil && local.capNote == nil)
            let container = try #require(summary.sides[.container])
            #expect(container.cap == nil && container.versions == 0)
            #expect(container.capNote?.contains("only the age") == true)
            // A server that gives quota-available-bytes has a cap like a folder's.
            rig.server?.availableBytes = 500
            let told = try #require(try await manager.trashSummary(of: pair).sides[.container])
            let toldCap = told.cap.map { Int($0) }
            #expect(toldCap == 500 / 100 * 10 && told.capNote == nil)
        }
    }

    @Test("an expired version another remover took first is no warning: the sync expires the rest")
    func removedMeanwhile() async throws {
        let (rig, days, manager, pair) = try await syncedAlpha(["a.txt", "b.txt", "c.txt"], prefix: "")
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let item = try #require(try await manager.trash(of: pair).first)
        days.advance(days: 31)
        rig.world.inject(
            Fault(
                TreeError.notFound(item.trashPath), operation: .removeItem,
                path: rig.pairRoot.appending(path: item.trashPath.text), repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    @Test("a trash record that cannot be read is one error naming it")
    func recordUnreadable() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        let record = URL(filePath: "/machines/alpha/state/pairs/646f6373/trash.json")
        try rig.world.withTree {
            try $0.makeDirectory(at: PathKey(record).parent, intermediate: true)
            try $0.writeFile(Data("{}".utf8), at: PathKey(record))
        }
        rig.world.inject(Fault(CocoaError(.fileReadNoPermission), path: record))
        do {
            _ = try await manager.trashRetention(of: pair)
            Issue.record("the retention was read")
        } catch let error as SyncError {
            #expect(error.description.hasPrefix(record.path), "\(error)")
        }
    }

    @Test("a size limit in a stored setting that does not read is refused with the parser's line")
    func storedLimitUnreadable() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(TrashSizeLimit.self, from: Data(#""500M""#.utf8)) == .bytes(500 << 20))
        do {
            _ = try decoder.decode(TrashSizeLimit.self, from: Data(#""lots""#.utf8))
            Issue.record("'lots' read as a size")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.hasSuffix("not 'lots'"), "\(context.debugDescription)")
        }
    }

    @Test("a version that cannot be removed is one warning line; the sync succeeds and the next one removes it")
    func failedRemovalIsRetried() async throws {
        let (rig, days, manager, pair) = try await syncedAlpha(["a.txt", "b.txt", "c.txt"], prefix: "")
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let item = try #require(try await manager.trash(of: pair).first)
        days.advance(days: 31)
        rig.world.inject(
            Fault(
                POSIXError(.EIO), operation: .removeItem, path: rig.pairRoot.appending(path: item.trashPath.text),
                repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.contains("the next sync tries again") == true)
        #expect(try await manager.trash(of: pair) == [item])
        let next = try await manager.sync(pair)
        #expect(next.warnings.isEmpty)
        #expect(try await manager.trash(of: pair).isEmpty)
    }

    @Test("trash empty: a dry run says what it would free and keep; the real one keeps the last copies")
    func emptyTrash() async throws {
        let (rig, days, manager, pair) = try await syncedAlpha(["x.txt", "y.txt", "z.txt"], prefix: "the ")
        try rig.remove("x.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        days.advance(days: 2)
        try rig.remove("y.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let trashedY = try #require(try await manager.trash(of: pair).first { $0.originalPath.text == "y.txt" })
        try await manager.restore(trashedY, of: pair, onto: .local)
        let dry = try await manager.emptyTrash(of: pair, dryRun: true)
        #expect(dry.dryRun && dry.freed == .init(versions: 1, bytes: 9) && dry.keptLastCopies.versions == 1)
        #expect(try await manager.trash(of: pair).count == 2, "a dry run removes nothing")
        let older = try await manager.emptyTrash(of: pair, olderThan: 3 * 86_400)
        #expect(older.freed.versions == 0 && older.keptOther.versions == 2)
        let all = try await manager.emptyTrash(of: pair)
        #expect(all.freed == .init(versions: 1, bytes: 9))
        #expect(all.keptLastCopies == .init(versions: 1, bytes: 9) && all.failed == 0)
        #expect(try await manager.trash(of: pair).map(\.originalPath.text) == ["x.txt"])
    }

    @Test("retention is kept per pair in the state folder; a pair without a record keeps the standard one")
    func retentionRecord() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        #expect(
            try await manager.trashRetention(of: pair)
                == TrashRetention(days: 30, maxSize: .shareOfFreeSpace(percent: 10)))
        let wanted = TrashRetention(days: 7, maxSize: .bytes(5 << 30))
        try await manager.setTrashRetention(wanted, of: pair)
        #expect(try await manager.trashRetention(of: pair) == wanted)
        await #expect(throws: TrashSettingError.self) {
            try await manager.setTrashRetention(TrashRetention(days: 0, maxSize: nil), of: pair)
        }
        let store = await manager.archiveStore
        let url = store.trashRecordURL(for: "docs")
        let text = String(decoding: try rig.world.withTree { try $0.readFile(at: PathKey(url)) }, as: UTF8.self)
        #expect(text.contains("\"maxSize\" : \"5368709120\""))
        // A record written before the floors existed still reads.
        try rig.world.withTree {
            try $0.writeFile(Data(#"{"version": 1, "retention": {"days": 3}}"#.utf8), at: PathKey(url))
        }
        #expect(try await manager.trashRetention(of: pair) == TrashRetention(days: 3, maxSize: nil))
        try rig.world.withTree { try $0.writeFile(Data("not json".utf8), at: PathKey(url)) }
        await #expect(throws: SyncError.self) { try await manager.trashRetention(of: pair) }
        try rig.put("f", at: "f.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.copied == 1, "a damaged record never fails the sync")
        #expect(report.warnings.count == 1 && report.warnings[0].contains("the trash was not expired"))
    }

    @Test("sizes read back as written: shares, units, and one clear line for a bad one")
    func sizeLimits() throws {
        #expect(try TrashSizeLimit(parsing: "10%") == .shareOfFreeSpace(percent: 10))
        #expect(try TrashSizeLimit(parsing: "500M") == .bytes(500 << 20))
        #expect(try TrashSizeLimit(parsing: "2GiB") == .bytes(2 << 30))
        #expect(try TrashSizeLimit(parsing: "1k") == .bytes(1024))
        #expect(try TrashSizeLimit(parsing: "123") == .bytes(123))
        for bad in ["", "0%", "101%", "-5", "5X", "99999999999T", "M"] {
            #expect(throws: TrashSettingError.self, "\(bad)") { try TrashSizeLimit(parsing: bad) }
        }
        #expect(TrashSizeLimit.shareOfFreeSpace(percent: 10).cap(free: nil, held: 50) == nil)
        #expect(TrashSizeLimit.shareOfFreeSpace(percent: 50).cap(free: 100, held: 100) == 100)
    }
}

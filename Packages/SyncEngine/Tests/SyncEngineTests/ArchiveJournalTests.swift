import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The journal's format on its own: what a segment holds, and that only whole segments that
/// follow the generation reached are replayed.
@Suite("The archive's journal: segments replayed only whole and in order")
struct ArchiveJournalTests {
    static func record(_ path: String, size: Int64, mode: UInt32 = 0o644) throws -> ArchiveRecord {
        let side = SideSnapshot(
            size: size, modificationNanoseconds: 1_700_000_000_000_000_000 + size,
            identity: FileIdentity(high: 7, low: UInt64(size)), permissions: mode)
        return ArchiveRecord(
            path: try RelativePath(path), kind: .file, size: size,
            digest: ContentDigest(high: UInt64(size), low: 99), local: side, container: side)
    }

    /// An archive as read from its file: generation 5, three records.
    static func base() throws -> Archive {
        let records = try [record("a.txt", size: 1), record("b/c.txt", size: 2), record("gone.txt", size: 3)]
        let archive = Archive(
            pair: "docs", generation: 5, records: ArchiveRecords(records),
            container: ContainerStamp(id: "c0ffee00c0ffee00c0ffee00c0ffee00", sequence: 4))
        return try Archive.decode(archive.encoded(), pair: "docs")
    }

    /// `base` after one sync: a.txt rewritten, gone.txt removed, a name with a tab, a newline and
    /// a percent sign added, the container's sequence advanced.
    static func afterOneSync(_ base: Archive) throws -> (Archive, changed: Set<RelativePath>) {
        var next = base
        next.generation = 6
        next.container?.sequence = 5
        let changed = try [record("a.txt", size: 10), record("odd\tna\nme%.txt", size: 11)]
        for record in changed { next.records[record.path] = record }
        next.records[try RelativePath("gone.txt")] = nil
        return (next, Set(changed.map(\.path) + [try RelativePath("gone.txt")]))
    }

    /// The journal holding the one sync of ``afterOneSync(_:)``, after `base`.
    static func journal(_ base: Archive, _ next: Archive, changed: Set<RelativePath>) -> [UInt8] {
        ArchiveJournal.header(following: base.generation)
            + ArchiveJournal.segment(
                from: base.generation, to: next.generation, container: next.container, changed: changed,
                records: next.records)
    }

    @Test("a segment replayed onto the archive file gives the archive the sync saved, records, stamp and generation")
    func roundTrip() throws {
        let base = try Self.base()
        let (next, changed) = try Self.afterOneSync(base)
        var replayed = base
        let replay = ArchiveJournal.replay(Data(Self.journal(base, next, changed: changed)), onto: &replayed)
        #expect(replay == ArchiveJournal.Replay(segments: 1, clean: true))
        #expect(replayed == next)
        #expect(replayed.container == next.container && replayed.generation == 6)
    }

    @Test("a segment of an archive whose container stamp was let go says so, and its replay lets it go too")
    func stampLetGo() throws {
        let base = try Self.base()
        var (next, changed) = try Self.afterOneSync(base)
        next.container = nil
        let journal = Self.journal(base, next, changed: changed)
        #expect(String(decoding: journal, as: UTF8.self).contains("\ncontainer -\n"))
        var replayed = base
        let replay = ArchiveJournal.replay(Data(journal), onto: &replayed)
        #expect(replay == ArchiveJournal.Replay(segments: 1, clean: true))
        #expect(replayed == next && replayed.container == nil)
    }

    @Test("a journal cut at any byte replays the whole segments before the cut and is not clean")
    func tornAnywhere() throws {
        let base = try Self.base()
        let (next, changed) = try Self.afterOneSync(base)
        let first = Self.journal(base, next, changed: changed)
        var third = next
        third.generation = 7
        third.records[try RelativePath("b/c.txt")] = nil
        let second = ArchiveJournal.segment(
            from: 6, to: 7, container: third.container, changed: [try RelativePath("b/c.txt")],
            records: third.records)
        let whole = first + second
        let header = ArchiveJournal.header(following: 5).count
        for cut in 0..<whole.count {
            var replayed = base
            let replay = ArchiveJournal.replay(Data(whole.prefix(cut)), onto: &replayed)
            // Cut between segments, it is a shorter journal, and clean.
            #expect(replay.clean == (cut == header || cut == first.count), "cut at \(cut) of \(whole.count)")
            #expect(replayed == (cut < first.count ? base : next), "cut at \(cut) of \(whole.count)")
        }
        var replayed = base
        #expect(ArchiveJournal.replay(Data(whole), onto: &replayed) == ArchiveJournal.Replay(segments: 2, clean: true))
        #expect(replayed == third)
    }

    @Test("a changed byte anywhere in a segment's body stops the replay before that segment")
    func overwrittenByte() throws {
        let base = try Self.base()
        let (next, changed) = try Self.afterOneSync(base)
        let journal = Self.journal(base, next, changed: changed)
        // The body starts after the journal's first line and the segment's line.
        let bodyStart = try #require(journal.indices.filter { journal[$0] == 10 }.dropFirst().first) + 1
        for index in bodyStart..<journal.count {
            var damaged = journal
            damaged[index] ^= 0x20
            var replayed = base
            let replay = ArchiveJournal.replay(Data(damaged), onto: &replayed)
            #expect(replay.segments == 0 && !replay.clean && replayed == base, "byte \(index) changed")
        }
    }

    @Test("a journal that follows another archive file, or a segment from another generation, is not replayed")
    func stale() throws {
        let base = try Self.base()
        let (next, changed) = try Self.afterOneSync(base)
        var older = base
        older.generation = 4
        var replayed = older
        #expect(!ArchiveJournal.replay(Data(Self.journal(base, next, changed: changed)), onto: &replayed).clean)
        #expect(replayed == older)
        let skipping =
            ArchiveJournal.header(following: 5)
            + ArchiveJournal.segment(
                from: 6, to: 7, container: next.container, changed: changed, records: next.records)
        replayed = base
        #expect(
            ArchiveJournal.replay(Data(skipping), onto: &replayed) == ArchiveJournal.Replay(segments: 0, clean: false))
        #expect(replayed == base)
    }

    @Test("an empty journal, or one with its header alone, is clean and changes nothing")
    func headerOnly() throws {
        let base = try Self.base()
        var replayed = base
        #expect(
            ArchiveJournal.replay(Data(ArchiveJournal.header(following: 5)), onto: &replayed)
                == ArchiveJournal.Replay(segments: 0, clean: true))
        #expect(replayed == base)
        #expect(!ArchiveJournal.replay(Data(), onto: &replayed).clean, "no header: not a journal to add to")
    }

    @Test("a segment without a container stamp replays to an archive without one")
    func noStamp() throws {
        var base = try Self.base()
        base.container = nil
        let (next, changed) = try Self.afterOneSync(base)
        #expect(next.container == nil)
        var replayed = base
        replayed.container = ContainerStamp(id: "c0ffee00c0ffee00c0ffee00c0ffee00", sequence: 1)
        let journal = Self.journal(base, next, changed: changed)
        #expect(ArchiveJournal.replay(Data(journal), onto: &replayed).clean)
        #expect(replayed == next)
    }

    @Test("a whole segment (its checksum holds) with a malformed body stops the replay before it")
    func malformedBody() throws {
        let base = try Self.base()
        for body in ["container -\nf\tbroken\n", "container -", "stamp -\n", "container -\n-\t\n-\tx%zz\n"] {
            let bytes = Array(body.utf8)
            var segment = Array("segment 5 6 \(bytes.count) ".utf8)
            ArchiveCodec.appendHex(ArchiveJournal.checksum(bytes), to: &segment)
            segment.append(10)
            var replayed = base
            let replay = ArchiveJournal.replay(
                Data(ArchiveJournal.header(following: 5) + segment + bytes), onto: &replayed)
            #expect(replay == ArchiveJournal.Replay(segments: 0, clean: false), "\(body)")
            #expect(replayed == base, "\(body)")
        }
    }

    @Test("a sync that left no container stamp: its segment replays to none")
    func noContainerStamp() throws {
        let base = try Self.base()
        var (next, changed) = try Self.afterOneSync(base)
        next.container = nil
        var replayed = base
        let replay = ArchiveJournal.replay(Data(Self.journal(base, next, changed: changed)), onto: &replayed)
        #expect(replay == ArchiveJournal.Replay(segments: 1, clean: true))
        #expect(replayed == next && replayed.container == nil)
    }

    @Test("a path given twice is written once")
    func repeatedPath() throws {
        let base = try Self.base()
        let (next, changed) = try Self.afterOneSync(base)
        let twice = ArchiveJournal.segment(
            from: 5, to: 6, container: next.container, changed: Array(changed) + Array(changed), records: next.records)
        let once = ArchiveJournal.segment(
            from: 5, to: 6, container: next.container, changed: changed, records: next.records)
        #expect(twice == once)
    }
}

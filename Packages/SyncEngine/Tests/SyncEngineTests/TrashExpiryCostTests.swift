import FileAccessorMock
import Foundation
import InMemorySupport
import NetworkInterface
import NetworkMock
import Testing

@testable import SyncEngine

/// What the trash's expiry costs a sync that has nothing to expire: it lists the run folders and
/// never enters them, so the cost does not grow with the versions the trash holds.
@Suite("Trash expiry on a sync with nothing to expire")
struct TrashExpiryCostTests {
    /// Syncs once to settle (every run folder becomes known), then runs a sync that must change
    /// nothing, and returns its requests as "METHOD path".
    func noOpRequests(_ rig: WebDAVRig) async throws -> [String] {
        _ = try await rig.sync("laptop")
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(report.copied == 0 && report.warnings.isEmpty)
        return calls(rig)
    }

    /// The rig's requests since its last reset, as "METHOD path".
    func calls(_ rig: WebDAVRig) -> [String] {
        rig.transport.requests.map { "\($0.method) \($0.url.path())" }
    }

    /// The listings of the pair's trash folder among the rig's requests since its last reset.
    func trashListings(_ rig: WebDAVRig) -> Int {
        calls(rig).filter { $0 == "PROPFIND /sync/docs/.synccli-trash/" }.count
    }

    /// A rig whose laptop synced three files, `sub/f0.txt` to `sub/f2.txt`.
    func threeFilesSynced() async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: .lighttpd)
        for index in 0..<3 { try rig.put("file \(index)", at: "sub/f\(index).txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        return rig
    }

    @Test(
        "over WebDAV a no-op run adds one listing of the trash folder, however many runs it holds, and none within ten minutes of the last"
    )
    func noOpOverWebDAV() async throws {
        var added: [Int] = []
        var soon: [Int] = []
        for runs in [1, 4] {
            let rig = WebDAVRig(quirks: .lighttpd)
            for index in 0...runs { try rig.put("file \(index)", at: "sub/f\(index).txt", on: "laptop") }
            try rig.put("top", at: "top.txt", on: "laptop")
            _ = try await rig.sync("laptop")
            for index in 0..<runs {
                try rig.remove("sub/f\(index).txt", on: "laptop")
                _ = try await rig.sync("laptop")
            }
            #expect(rig.remoteTrash.count == runs)
            _ = try await noOpRequests(rig)
            soon.append(trashListings(rig))
            rig.ahead.advance(by: .seconds(TrashRecord.lifetime))
            rig.transport.reset()
            #expect(try await rig.sync("laptop").done.isEmpty)
            let sent = calls(rig)
            #expect(!sent.contains { $0.contains("/.synccli-trash/2") }, "no run folder is entered: \(sent)")
            added.append(trashListings(rig))
        }
        #expect(soon == [0, 0])
        #expect(added == [1, 1])
    }

    @Test(
        "a sync that trashes within ten minutes of the last listing, an empty trash's too, lists no trash: its own run folder is sized from what it put there"
    )
    func changingSyncSoonAfterListing() async throws {
        let rig = try await threeFilesSynced()
        // The pair's first trash: the first sync's listing, which found no trash, stands for it.
        try rig.remove("sub/f0.txt", on: "laptop")
        rig.transport.reset()
        #expect(try await rig.sync("laptop").deleted == 1)
        #expect(trashListings(rig) == 0, "\(calls(rig))")
        try rig.remove("sub/f1.txt", on: "laptop")
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(report.deleted == 1 && report.isComplete)
        let sent = calls(rig)
        #expect(!sent.contains("PROPFIND /sync/docs/.synccli-trash/"), "\(sent)")
        #expect(rig.remoteTrash.sorted() == ["file 0", "file 1"])
        // The record took the run folder: the listing after ten minutes finds it known, and enters none.
        rig.ahead.advance(by: .seconds(TrashRecord.lifetime))
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        let later = calls(rig)
        #expect(later.contains("PROPFIND /sync/docs/.synccli-trash/"), "\(later)")
        #expect(!later.contains { $0.contains("/.synccli-trash/2") }, "\(later)")
    }

    @Test("a pair's first trash more than ten minutes after the listing that found none lists the trash again")
    func firstTrashAfterListingExpired() async throws {
        let rig = try await threeFilesSynced()
        rig.ahead.advance(by: .seconds(TrashRecord.lifetime))
        try rig.remove("sub/f0.txt", on: "laptop")
        rig.transport.reset()
        #expect(try await rig.sync("laptop").deleted == 1)
        #expect(trashListings(rig) == 1, "\(calls(rig))")
        #expect(rig.remoteTrash == ["file 0"])
    }

    @Test(
        "a record behind the archive (its sync killed after saving the archive, before the record) stands for no listing"
    )
    func recordBehindArchive() async throws {
        let rig = try await threeFilesSynced()
        try rig.remove("sub/f0.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let record = PathKey(URL(filePath: "/machines/laptop/state/pairs/646f6373/trash.json"))
        let older = try rig.world.withTree { try $0.readFile(at: record) }
        try rig.remove("sub/f1.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        // As a sync killed between its archive and its record leaves them.
        try rig.world.withTree { try $0.writeFile(older, at: record, modificationNanoseconds: 0) }
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(trashListings(rig) > 0, "the record lacks the last run folder: listed (and that folder walked)")
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(trashListings(rig) == 0, "brought up to date by that listing")
    }

    @Test("the expiry's check for another copy of a version looks at the server now, not at what the run saw")
    func copyCheckLooksNow() async throws {
        let rig = try await rigWithOneRun(trashing: ("alpha", "a.txt"), beside: ("beta", "b.txt"))
        try await rig.manager("laptop").setTrashRetention(
            TrashRetention(days: 30, maxSize: .bytes(0)), of: try rig.pair("laptop"))
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        // Over the cap: the expiry asks whether a.txt's version exists elsewhere, of the server.
        let looks = rig.transport.requests.filter {
            $0.method == .propfind && $0.headers["Depth"] == "0" && $0.url.path() == "/sync/docs/a.txt"
        }
        #expect(looks.count == 1, "\(calls(rig))")
        #expect(rig.remoteTrash == ["alpha"], "the last copy stays")
    }

    @Test("a listing stands from its time for ten minutes, never before it nor without one")
    func listingLifetime() {
        var record = TrashRecord()
        let then = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(!record.listingStands(at: then))
        record.listed = then
        #expect(record.listingStands(at: then))
        #expect(record.listingStands(at: then.addingTimeInterval(TrashRecord.lifetime - 1)))
        #expect(!record.listingStands(at: then.addingTimeInterval(TrashRecord.lifetime)))
        #expect(!record.listingStands(at: then.addingTimeInterval(-1)), "a clock set back lists again")
    }

    @Test("a trash holding exactly its size cap is within it: a no-op run enters no run folder")
    func exactlyAtTheCap() async throws {
        let rig = try await rigWithOneRun()
        let pair = try rig.pair("laptop")
        try await rig.manager("laptop").setTrashRetention(TrashRetention(days: 30, maxSize: .bytes(10)), of: pair)
        let calls = try await noOpRequests(rig)
        #expect(!calls.contains { $0.contains("/.synccli-trash/2") }, "a run folder was entered: \(calls)")
        #expect(rig.remoteTrash == ["ten bytes!"])
    }

    /// A rig whose container trash holds one run, the version `trashing` (by default the
    /// ten-byte version of sub/f.txt), synced beside another file that stays.
    func rigWithOneRun(
        trashing: (text: String, path: String) = ("ten bytes!", "sub/f.txt"),
        beside: (text: String, path: String) = ("top", "top.txt")
    ) async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put(trashing.text, at: trashing.path, on: "laptop")
        try rig.put(beside.text, at: beside.path, on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.remove(trashing.path, on: "laptop")
        _ = try await rig.sync("laptop")
        #expect(rig.remoteTrash == [trashing.text])
        return rig
    }

    @Test("a folder in the trash whose name is no run's date is not taken for an expired run")
    func folderWithoutDate() async throws {
        let rig = try await rigWithOneRun()
        rig.server.makeCollection(at: "/sync/docs/.synccli-trash/notes")
        let calls = try await noOpRequests(rig)
        let entered = calls.filter { $0.contains("/.synccli-trash/2") || $0.contains("/.synccli-trash/notes") }
        #expect(entered.isEmpty, "the no-op run expired the trash: \(calls)")
        #expect(rig.remoteTrash == ["ten bytes!"])
    }

    @Test("a trash over its cap only by versions that must stay is expired once, not again by each no-op run")
    func overTheCapByWhatMustStay() async throws {
        let rig = try await rigWithOneRun()
        let pair = try rig.pair("laptop")
        // Five bytes: the ten-byte version is the last copy, younger than 30 days, so it stays.
        try await rig.manager("laptop").setTrashRetention(TrashRetention(days: 30, maxSize: .bytes(5)), of: pair)
        let calls = try await noOpRequests(rig)  // its settling run expires once and keeps the version
        #expect(!calls.contains { $0.contains("/.synccli-trash/2") }, "a run folder was entered: \(calls)")
        #expect(rig.remoteTrash == ["ten bytes!"])
    }

    @Test(
        "over WebDAV a no-op run takes the container's lock only to expire: a run past the age limit is removed under it"
    )
    func expiryTakesLock() async throws {
        let rig = try await threeFilesSynced()
        try rig.remove("sub/f0.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        #expect(rig.remoteTrash == ["file 0"])
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(!calls(rig).contains { $0.hasPrefix("PUT ") }, "nothing due: no lock, nothing written")
        rig.ahead.advance(by: .seconds(TrashRetention.standard.maxAge + 86_400))
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(rig.remoteTrash.isEmpty, "expired")
        let sent = calls(rig)
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let removed = try #require(sent.firstIndex { $0.hasPrefix("DELETE /sync/docs/.synccli-trash/") })
        #expect(locked < removed, "\(sent)")
        #expect(sent.last == "DELETE /sync/.synccli-lock-docs")
    }

    @Test(
        "over WebDAV a no-op run that finds a run folder another machine trashed since its last listing takes the lock to walk it"
    )
    func unseenRunTakesLock() async throws {
        let rig = try await threeFilesSynced()
        _ = try await rig.sync("desk")
        try rig.remove("sub/f0.txt", on: "laptop")
        _ = try await rig.sync("laptop")  // the laptop's trash is listed now
        _ = try await rig.sync("desk")
        try rig.remove("sub/f1.txt", on: "desk")
        #expect(try await rig.sync("desk").deleted == 1)  // the desk's run folder in the container's trash
        // The deletion arrives within ten minutes of the laptop's listing: its trash is not listed.
        #expect(try await rig.sync("laptop").deleted == 1)
        rig.ahead.advance(by: .seconds(TrashRecord.lifetime))
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        let sent = calls(rig)
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"), "\(sent)")
        let walked = try #require(
            sent.lastIndex { $0.hasPrefix("PROPFIND /sync/docs/.synccli-trash/2") }, "the desk's run walked: \(sent)")
        #expect(locked < walked, "\(sent)")
    }

    @Test(
        "over WebDAV a no-op run whose trash record cannot be saved says so in one warning and still takes no lock"
    )
    func recordUnsavedWithoutLock() async throws {
        let rig = try await threeFilesSynced()
        try rig.remove("sub/f0.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        rig.ahead.advance(by: .seconds(TrashRecord.lifetime))  // the trash is listed again, its time kept
        let accessor = MockFileAccessor(world: rig.world)
        accessor.writeError = CocoaError(.fileWriteNoPermission)
        rig.transport.reset()
        let report = try await rig.manager("laptop", accessor: accessor).sync(try rig.pair("laptop"))
        #expect(report.done.isEmpty)
        #expect(report.warnings.filter { $0.hasPrefix("the trash was not expired") }.count == 1, "\(report.warnings)")
        #expect(trashListings(rig) == 1)
        #expect(!calls(rig).contains { $0.hasPrefix("PUT ") }, "no lock, nothing written: \(calls(rig))")
    }
}

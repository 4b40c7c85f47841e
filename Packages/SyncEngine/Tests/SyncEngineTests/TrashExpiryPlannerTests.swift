import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

@Suite("The expiry plan: oldest first, ages past the limit, never the last copy for size")
struct TrashExpiryPlannerTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func item(_ path: String, day: Int, side: SyncSide = .container, size: Int64 = 10, mtime: Int64 = 7) throws
        -> TrashItem
    {
        let run = TrashStamp.folderName(for: now.addingTimeInterval(Double(day) * 86_400), generation: day + 100)
        return TrashItem(
            side: side, run: run, originalPath: try RelativePath(path),
            trashPath: try RelativePath(".synccli-trash/\(run)/\(path)"), size: size, modificationNanoseconds: mtime)
    }

    static func file(_ path: RelativePath, mtime: Int64) -> TreeEntry {
        TreeEntry(
            path: path, kind: .file, size: 10, modificationNanoseconds: mtime, identity: FileIdentity(high: 0, low: 1),
            permissions: 0o644)
    }

    func planner(cap: Int64?, days: Int = 30) -> TrashExpiryPlanner {
        TrashExpiryPlanner(
            now: now, retention: TrashRetention(days: days, maxSize: cap.map { .bytes($0) }),
            caps: cap.map { [.container: $0, .local: $0] } ?? [:])
    }

    @Test("over the cap, the oldest versions with a copy go first, and only as many as needed")
    func oldestFirst() throws {
        let items = [try item("c", day: -1), try item("a", day: -3), try item("b", day: -2)]
        let plan = planner(cap: 15).plan(items) { _, path in Self.file(path, mtime: 7) }
        #expect(plan.remove.map(\.originalPath.text) == ["a", "b"])
        #expect(plan.kept.map(\.originalPath.text) == ["c"])
    }

    @Test("a trash holding exactly its cap is within it: nothing goes; one byte more and the oldest goes")
    func exactlyTheCap() throws {
        let items = [try item("a", day: -2), try item("b", day: -1)]
        let live: (SyncSide, RelativePath) -> TreeEntry? = { _, path in Self.file(path, mtime: 7) }
        #expect(planner(cap: 20).plan(items, live: live).remove.isEmpty)
        #expect(planner(cap: 19).plan(items, live: live).remove.map(\.originalPath.text) == ["a"])
    }

    @Test("two trashed copies of one version: the cap removes one, the other is then the last copy")
    func oneOfTwoCopies() throws {
        let older = try item("f", day: -2, side: .local)
        let newer = try item("f", day: -1, side: .container)
        let plan = planner(cap: 0).plan([newer, older]) { _, _ in nil }
        #expect(plan.remove == [older])
        #expect(plan.keptLastCopies == [newer])
    }

    @Test("past the age limit a last copy goes; a run folder made by hand is never touched")
    func ageAndHandMade() throws {
        var handMade = try item("h", day: -90)
        handMade.run = "my old stuff"
        let old = try item("o", day: -31)
        let young = try item("y", day: -29)
        let plan = planner(cap: nil).plan([handMade, old, young]) { _, _ in nil }
        #expect(plan.remove == [old])
        #expect(Set(plan.kept.map(\.originalPath.text)) == ["h", "y"])
    }

    @Test("a version of the same size with another time is not a copy")
    func differentTimeIsNotACopy() throws {
        let trashed = try item("f", day: -1, mtime: 1_000_000_001)
        let plan = planner(cap: 0).plan([trashed]) { _, path in
            Self.file(path, mtime: 1_000_000_002)
        }
        #expect(plan.keptLastCopies == [trashed])
        let sameSecond = planner(cap: 0).plan([trashed]) { _, path in
            Self.file(path, mtime: 1_000_000_000)
        }
        #expect(sameSecond.remove == [trashed], "a side keeping whole seconds compares to the second")
    }

    @Test("a version of another size with the same time is not a copy: the size cap keeps it, the last copy")
    func differentSizeIsNotACopy() throws {
        let trashed = try item("f", day: -1, size: 11, mtime: 1_000_000_001)
        let plan = planner(cap: 0).plan([trashed]) { _, path in Self.file(path, mtime: 1_000_000_001) }
        #expect(plan.keptLastCopies == [trashed] && plan.remove.isEmpty)
        let older = try item("f", day: -2, size: 12, mtime: 1_000_000_001)
        let both = planner(cap: 0).plan([trashed, older]) { _, _ in nil }
        #expect(both.remove.isEmpty, "two trashed versions of other sizes are not copies of each other")
    }

    @Test("two versions of one path, neither a copy: both kept as last copies; the live path looked at once a side")
    func livePathLookedAtOnce() throws {
        let older = try item("f", day: -2, mtime: 1_000_000_001)
        let newer = try item("f", day: -1, mtime: 2_000_000_001)
        var looks = 0
        let plan = planner(cap: 0).plan([newer, older]) { _, path in
            looks += 1
            return Self.file(path, mtime: 3_000_000_001)
        }
        #expect(
            plan.keptLastCopies.count == 2 && plan.keptLastCopies.contains(older) && plan.keptLastCopies.contains(newer)
        )
        #expect(plan.remove.isEmpty)
        #expect(looks == 2)
    }

    @Test("a run name gives its time back, and nothing for other names")
    func runTimes() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_123)
        #expect(TrashStamp.date(ofRun: TrashStamp.folderName(for: date, generation: 4)) == date)
        // The stamp is read from the name's first 18 bytes: a stamp alone is a time too.
        #expect(TrashStamp.date(ofRun: "2027-01-15T083203Z") == Date(timeIntervalSince1970: 1_800_001_923))
        for name in ["", "2026-13-01T000000Z-g1", "2026-12-01T2500Z-g1", "abcd-ef-ghTijklmnZ"] {
            #expect(TrashStamp.date(ofRun: name) == nil, "\(name)")
        }
    }
}

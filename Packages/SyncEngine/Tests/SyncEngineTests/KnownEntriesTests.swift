import FileTreeInterface
import Testing

@testable import SyncEngine

/// What the actions left at each path is noted in arrays and put in path order once: the archive's
/// refresh must read, for a path noted more than once, the last note (as the dictionary it
/// replaced did), whatever order the notes came in.
@Suite("Known entries: the last note of a path counts")
struct KnownEntriesTests {
    func seen(size: Int64) -> Seen {
        Seen(
            TreeEntry(
                path: .root, kind: .file, size: size, modificationNanoseconds: 0,
                identity: FileIdentity(high: 0, low: 1), permissions: 0o644))
    }

    @Test("notes out of order come back in path order, the last of each path kept, per side")
    func lastWins() throws {
        var known = KnownEntries()
        for (name, size) in [("c", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5), ("a", 6)] {
            known.note(seen(size: Int64(size)), at: try RelativePath(name), on: .local)
        }
        known.note(seen(size: 7), at: try RelativePath("a"), on: .container)
        var other = KnownEntries()
        other.note(seen(size: 8), at: try RelativePath("b"), on: .local)
        known.absorb(other)
        let tables = known.takeTables()
        let local = try #require(tables[.local])
        #expect(local.keys.map(\.text) == ["a", "b", "c"])
        #expect(local.values.map(\.seen.snapshot.size) == [6, 8, 5], "the absorbed note came after the rest")
        #expect(tables[.container]?.values.map(\.seen.snapshot.size) == [7])
        #expect(known.takeTables()[.local]?.isEmpty == true, "taking the tables leaves nothing noted")
    }

    @Test("many notes of a few paths keep exactly the last of each")
    func manyRepeats() throws {
        var known = KnownEntries()
        var last: [String: Int64] = [:]
        var generator = SeededGenerator(seed: 17)
        for size in 0..<2_000 {
            let name = "p\(Int.random(in: 0..<37, using: &generator))"
            known.note(seen(size: Int64(size)), at: try RelativePath(name), on: .container)
            last[name] = Int64(size)
        }
        let table = try #require(known.takeTables()[.container])
        #expect(table.count == last.count)
        for (name, size) in last { #expect(table[try RelativePath(name)]?.seen.snapshot.size == size) }
    }
}

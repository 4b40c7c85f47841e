import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The path table (values in path order, looked up by bisection, changes on top) against a
/// dictionary, over random values and random changes.
@Suite("Values by path without a hash table")
struct PathTableTests {
    static let names = ["a", "a/b", "a/b/c", "a b", "a-b", "a/c", "b", "é", "e\u{301}", "z", "z/z", "~"]

    static func entry(_ name: String, size: Int64) throws -> TreeEntry {
        TreeEntry(
            path: try RelativePath(name), kind: .file, size: size, modificationNanoseconds: 0,
            identity: FileIdentity(high: 0, low: 1), permissions: 0o644)
    }

    /// Checks every lookup, the count, and the order of values, keys and iteration against `model`.
    static func check(_ table: PathTable<TreeEntry>, _ model: [RelativePath: TreeEntry], _ context: String) throws {
        for name in names {
            let path = try RelativePath(name)
            #expect(table[path] == model[path], "\(context): \(name)")
        }
        let expected = model.values.sorted { $0.path < $1.path }
        #expect(table.count == model.count && table.isEmpty == model.isEmpty, "\(context)")
        #expect(table.values == expected && Array(table.inOrder) == expected, "\(context)")
        #expect(Array(table.keys) == expected.map(\.path), "\(context)")
        #expect(table.map(\.value) == expected && table.allSatisfy { $0.key == $0.value.path }, "\(context)")
        // Read in place: every value in order, and a stop after the first half.
        var visited: [TreeEntry] = []
        let all = table.allInOrder { value in
            visited.append(value)
            return true
        }
        #expect(all && visited == expected, "\(context)")
        let half = (expected.count + 1) / 2
        var seen = 0
        let stopped = !table.allInOrder { _ in
            seen += 1
            return seen < half
        }
        #expect(expected.isEmpty ? !stopped && seen == 0 : stopped && seen == half, "\(context)")
    }

    @Test("over 300 random lists (out of order, a path twice) and 20 random changes each, it answers as a dictionary")
    func matchesDictionary() throws {
        var random = SeededGenerator(seed: 7)
        for round in 0..<300 {
            var given: [TreeEntry] = []
            for _ in 0..<Int.random(in: 0..<10, using: &random) {
                given.append(try Self.entry(Self.names.randomElement(using: &random) ?? "a", size: Int64(given.count)))
            }
            if Bool.random(using: &random) { given.sort { $0.path < $1.path } }
            // The first value given for a path counts, as a side's scan is read.
            var model: [RelativePath: TreeEntry] = [:]
            for entry in given where model[entry.path] == nil { model[entry.path] = entry }
            var table = PathTable(given)
            try Self.check(table, model, "round \(round), as given")
            for step in 0..<20 {
                // One path set or removed, or a batch: in path order (merged in at once) or not.
                var batch: [(path: RelativePath, value: TreeEntry?)] = []
                for _ in 0..<(Bool.random(using: &random) ? 1 : Int.random(in: 0..<6, using: &random)) {
                    let path = try RelativePath(Self.names.randomElement(using: &random) ?? "a")
                    let value = Bool.random(using: &random) ? try Self.entry(path.text, size: Int64(100 + step)) : nil
                    batch.append((path, value))
                }
                if Bool.random(using: &random) {
                    batch.sort { $0.path < $1.path }
                    batch = batch.enumerated().filter { $0.offset == 0 || batch[$0.offset - 1].path != $0.element.path }
                        .map(\.element)
                }
                if batch.count == 1 && Bool.random(using: &random) {
                    table[batch[0].path] = batch[0].value
                } else {
                    table.update(batch)
                }
                for (path, value) in batch { model[path] = value }
                try Self.check(table, model, "round \(round), step \(step)")
            }
            #expect(PathTable(table.values) == table, "round \(round)")
        }
    }

    @Test("a batch of updates in path order, few next to the table or many, ends as set one by one")
    func batchUpdates() throws {
        let names = (0..<100).map { String(format: "f%03d", $0) }
        let table = PathTable(try names.map { try Self.entry($0, size: 1) })
        for (count, stride) in [(3, 31), (40, 2)] {  // few: kept on top; many: merged into the order
            let batch: [(path: RelativePath, value: TreeEntry?)] = try (0..<count).map { index in
                let name = names[index * stride]
                return (try RelativePath(name), index.isMultiple(of: 2) ? try Self.entry(name, size: 2) : nil)
            }
            var (batched, oneByOne) = (table, table)
            batched.update(batch)
            for (path, value) in batch { oneByOne[path] = value }
            #expect(batched == oneByOne && batched.values == oneByOne.values, "\(count) updates")
            #expect(batched.count == 100 - count / 2, "\(count) updates")
        }
    }

    @Test("tables differ when one path holds another value or one more path is kept")
    func equality() throws {
        let (a, b) = (try Self.entry("a", size: 1), try Self.entry("b", size: 1))
        var changed = PathTable([a, b])
        #expect(changed == PathTable([b, a]))
        changed[b.path] = try Self.entry("b", size: 2)
        #expect(changed != PathTable([a, b]))
        changed[b.path] = nil
        #expect(changed != PathTable([a, b]) && changed == PathTable([a]))
    }

    @Test("an archive file whose records are out of order, or list a path twice, loads every path once")
    func archiveOutOfOrder() throws {
        func record(_ name: String, size: Int64) throws -> ArchiveRecord {
            let entry = try Self.entry(name, size: size)
            return ArchiveRecord(
                path: entry.path, kind: .file, size: size, digest: nil, local: SideSnapshot(entry),
                container: SideSnapshot(entry))
        }
        let archive = Archive(pair: "p", generation: 2, records: ArchiveRecords([try record("a", size: 1)]))
        let header = try #require(String(data: try archive.encoded(), encoding: .utf8)).split(separator: "\n").prefix(3)
            .map(String.init)
        func line(_ record: ArchiveRecord) throws -> String {
            let whole = try Archive(pair: "p", records: ArchiveRecords([record])).encoded()
            return String(try #require(String(data: whole, encoding: .utf8)).split(separator: "\n").last ?? "")
        }
        let (z, a, again) = (try record("z", size: 3), try record("a", size: 1), try record("a", size: 7))
        let text = (header + [try line(z), try line(a), try line(again)]).joined(separator: "\n") + "\n"
        let decoded = try Archive.decode(Data(text.utf8), pair: "p")
        #expect(decoded.records.values == [a, z], "sorted, the first record of `a` kept")
        #expect(decoded.records[a.path] == a && decoded.records[z.path] == z && decoded.records.count == 2)
        #expect(decoded.records.map(\.key) == [a.path, z.path] && decoded.records.map(\.value) == [a, z])
        #expect(Array(decoded.records.keys) == [a.path, z.path] && !decoded.records.isEmpty)
    }
}

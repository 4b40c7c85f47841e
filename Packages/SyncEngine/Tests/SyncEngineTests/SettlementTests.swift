import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The one-pass settlement of two scans, against the path-by-path rule it replaces, and the
/// decision with it against the decision without it, over random trees.
@Suite("Settled paths found by merging the two scans")
struct SettlementTests {
    static let names = ["a", "a/b.txt", "a/c", "a/c/d.txt", "b.txt", "c", "c/e.txt", "é.txt", "z"]

    /// A random world: each path on each side or not, as a file or folder, recorded or not, and
    /// each side's entry as recorded or changed (time, size, mode).
    struct World {
        var local: [TreeEntry] = []
        var container: [TreeEntry] = []
        var archive: PathTable<ArchiveRecord> = [:]
        /// Paths whose state is unknown on some side (a link, an unreadable folder).
        var unknown: [RelativePath] = []
    }

    static func world(seed: UInt64) throws -> World {
        var random = SeededGenerator(seed: seed)
        var world = World()
        for (index, name) in names.enumerated() {
            let path = try RelativePath(name)
            let kind: EntryKind = Bool.random(using: &random) ? .file : .directory
            func entry(_ side: UInt64) -> TreeEntry {
                let changed = Int.random(in: 0..<4, using: &random)
                // Now and then another path's identity: a rename of that path, when it is gone here.
                let inode =
                    Int.random(in: 0..<6, using: &random) == 0 ? Int.random(in: 0..<names.count, using: &random) : index
                return TreeEntry(
                    path: path, kind: Int.random(in: 0..<8, using: &random) == 0 ? .directory : kind,
                    size: kind == .file ? 10 + (changed == 1 ? 1 : 0) : 0,
                    modificationNanoseconds: changed == 2 ? 99 : 5,
                    identity: FileIdentity(device: side, inode: UInt64(inode)),
                    permissions: changed == 3 ? 0o600 : 0o644)
            }
            func recorded(_ side: UInt64) -> TreeEntry {
                TreeEntry(
                    path: path, kind: kind, size: kind == .file ? 10 : 0, modificationNanoseconds: 5,
                    identity: FileIdentity(device: side, inode: UInt64(index)), permissions: 0o644)
            }
            if Int.random(in: 0..<4, using: &random) > 0 { world.local.append(entry(1)) }
            if Int.random(in: 0..<4, using: &random) > 0 { world.container.append(entry(2)) }
            if Int.random(in: 0..<12, using: &random) == 0 { world.unknown.append(path) }
            if Int.random(in: 0..<4, using: &random) > 0 {
                world.archive[path] = ArchiveRecord(
                    path: path, kind: kind, size: recorded(1).size, digest: nil, local: SideSnapshot(recorded(1)),
                    container: SideSnapshot(recorded(2)))
            }
        }
        world.local.sort { $0.path < $1.path }
        world.container.sort { $0.path < $1.path }
        return world
    }

    @Test("over 500 random worlds, the merge finds exactly the paths the path-by-path rule leaves to decide")
    func matchesPathByPath() throws {
        for seed in 0..<500 as Range<UInt64> {
            let world = try Self.world(seed: seed)
            let settlement = try #require(
                Settlement.of(local: world.local, container: world.container, archive: world.archive))
            let local = Dictionary(world.local.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let container = Dictionary(world.container.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let union = Set(local.keys).union(container.keys)
            let expected = union.filter { path in
                guard let record = world.archive[path], let l = local[path], let c = container[path] else {
                    return true
                }
                return !Settlement.settles(record, local: l, container: c)
            }
            #expect(settlement.unsettled == expected.sorted(), "seed \(seed)")
            #expect(settlement.recorded[.local] == local.keys.count { world.archive[$0] != nil }, "seed \(seed)")
            #expect(
                settlement.recorded[.container] == container.keys.count { world.archive[$0] != nil }, "seed \(seed)")
            #expect(settlement.recordedOnEither == union.count { world.archive[$0] != nil }, "seed \(seed)")
        }
    }

    @Test(
        "over 500 random worlds (renames and unknown paths among them), the decision with the settlement is the one without"
    )
    func sameDecision() throws {
        var renamed = 0
        for seed in 0..<500 as Range<UInt64> {
            let world = try Self.world(seed: seed)
            func decide(settled: Bool) -> Reconciler.Result {
                var reconciler = Reconciler(
                    local: PathTable(world.local), container: PathTable(world.container), archive: world.archive,
                    unknown: world.unknown,
                    options: SyncOptions(),
                    machine: "alpha", otherMachine: "beta", now: Date(timeIntervalSince1970: 1_000_000),
                    digest: { side, entry in ContentDigest(of: Array("\(side) \(entry.path.text) \(entry.size)".utf8)) }
                )
                if settled {
                    reconciler.settlement = Settlement.of(
                        local: world.local, container: world.container, archive: world.archive)
                }
                return reconciler.run()
            }
            let (with, without) = (decide(settled: true), decide(settled: false))
            renamed += with.actions.contains { $0.operation == .move } ? 1 : 0
            #expect(with.actions == without.actions, "seed \(seed)")
            #expect(with.records == without.records, "seed \(seed)")
            #expect(with.conflicts == without.conflicts && with.unsynced == without.unsynced, "seed \(seed)")
        }
        #expect(renamed > 10, "the worlds hold too few renames to compare: \(renamed)")
    }

    @Test("a scan out of path order gives no settlement (every path is decided); a path listed twice counts once")
    func orderAndDuplicates() throws {
        func entry(_ name: String) throws -> TreeEntry {
            TreeEntry(
                path: try RelativePath(name), kind: .file, size: 1, modificationNanoseconds: 1,
                identity: FileIdentity(device: 1, inode: 1), permissions: 0o644)
        }
        let (a, b) = (try entry("a"), try entry("b"))
        #expect(Settlement.of(local: [b, a], container: [], archive: [:]) == nil)
        let other = TreeEntry(
            path: a.path, kind: .file, size: 2, modificationNanoseconds: 1, identity: a.identity, permissions: 0o644)
        let record = ArchiveRecord(
            path: a.path, kind: .file, size: 1, digest: nil, local: SideSnapshot(a), container: SideSnapshot(a))
        // The first entry listed for a path is the one that counts: `a` as recorded, settled.
        let twice = try #require(Settlement.of(local: [a, other, b], container: [a], archive: [a.path: record]))
        #expect(twice.unsettled == [b.path] && twice.recorded[.local] == 1 && twice.recordedOnEither == 1)
        let otherFirst = try #require(Settlement.of(local: [other, a], container: [a], archive: [a.path: record]))
        #expect(otherFirst.unsettled == [a.path])
    }
}

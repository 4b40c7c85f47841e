import FileTreeInterface
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// Thirty days of a folder where 1% of the files change each day, synced daily over the Mocks
/// with a virtual clock: the trash stays under its cap, and every version younger than the age
/// limit can still be restored. `SYNC_TRASH_FILES` sets the number of files (10,000 for the full
/// run; the default is smaller to keep the test command fast, and proves the same property).
@Suite("Trash retention over thirty simulated days")
struct TrashSimulationTests {
    static let files = ProcessInfo.processInfo.environment["SYNC_TRASH_FILES"].flatMap(Int.init) ?? 1_000

    @Test("daily 1% changes: under the cap, every version younger than the age limit restorable")
    func thirtyDays() async throws {
        let rig = TestRig()
        let days = DayClock()
        let manager = rig.manager("alpha", clock: days.now)
        let pair = try rig.pair("alpha")
        let local = PathKey(rig.localRoot("alpha"))
        let fileSize = 64
        func contents(_ index: Int, day: Int) -> Data {
            let text = "file \(index) on day \(day)"
            return Data((text + String(repeating: ".", count: fileSize - text.utf8.count)).utf8)
        }
        func path(_ index: Int) -> String { "d\(index / 100)/f\(index).txt" }
        try rig.world.withTree { tree in
            for index in 0..<Self.files {
                let key = local.appending(Array("d\(index / 100)".utf8))
                if tree.entry(at: key) == nil { try tree.makeDirectory(at: key, intermediate: true) }
                try tree.writeFile(contents(index, day: 0), at: key.appending(Array("f\(index).txt".utf8)))
            }
        }
        try await manager.sync(pair)
        let ageLimit = 10
        let changedPerDay = Self.files / 100
        // The last copies the age limit keeps: ageLimit + 1 daily runs (a run exactly at the limit stays).
        let cap = Int64((ageLimit + 1) * changedPerDay * fileSize)
        try await manager.setTrashRetention(TrashRetention(days: ageLimit, maxSize: .bytes(cap)), of: pair)
        var trashed: [(day: Int, path: String, data: Data)] = []
        var current = Array(repeating: 0, count: Self.files)
        var generator = SeededGenerator(seed: 16)
        for day in 1...30 {
            days.advance(days: 1)
            var chosen = Set<Int>()
            while chosen.count < changedPerDay { chosen.insert(Int.random(in: 0..<Self.files, using: &generator)) }
            try rig.world.withTree { tree in
                for index in chosen {
                    trashed.append((day, path(index), contents(index, day: current[index])))
                    current[index] = day
                    try tree.writeFile(
                        contents(index, day: day),
                        at: local.appending(Array("d\(index / 100)".utf8)).appending(Array("f\(index).txt".utf8)))
                }
            }
            let report = try await manager.sync(pair)
            #expect(report.copied == changedPerDay && report.warnings.isEmpty, "day \(day)")
            let summary = try await manager.trashSummary(of: pair)
            let held = try #require(summary.sides[.container]).bytes
            #expect(held <= cap, "day \(day): the trash holds \(held) bytes, over its cap of \(cap)")
            let expected = trashed.filter { day - $0.day <= ageLimit }
            #expect(try #require(summary.sides[.container]).versions == expected.count, "day \(day)")
        }
        // Every version younger than the limit is there with its contents, and comes back.
        let items = try await manager.trash(of: pair)
        let kept = Dictionary(grouping: items, by: \.originalPath.text)
        let expected = trashed.filter { 30 - $0.day <= ageLimit }
        for version in expected {
            let found = (kept[version.path] ?? []).contains { item in
                rig.world.withTree { $0.entry(at: PathKey(rig.pairRoot.appending(path: item.trashPath.text)))?.data }
                    == version.data
            }
            #expect(found, "\(version.path) of day \(version.day) is restorable")
        }
        #expect(items.count == expected.count, "older versions are gone")
        let oldest = try #require(items.last)
        try await manager.restore(oldest, of: pair, to: try RelativePath("restored.txt"))
        #expect(rig.text(at: "restored.txt", in: rig.pairRoot)?.hasPrefix("file ") == true)
    }
}

import Foundation
import SyncEngine
import Synchronization
import Testing

@Suite("Progress reports")
struct ProgressTests {
    @Test("progress is told after every action, ending at the plan's size with the bytes copied")
    func progress() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        for index in 0..<5 { try rig.put("12345", at: "f\(index)", in: rig.localRoot("alpha")) }
        let seen = Mutex<[SyncProgress]>([])
        let report = try await manager.sync(try rig.pair("alpha")) { progress in seen.withLock { $0.append(progress) } }
        let updates = seen.withLock { $0 }
        #expect(updates.map(\.finished) == Array(1...5))
        #expect(updates.last == SyncProgress(finished: 5, total: 5, bytesCopied: 25))
        #expect(report.copied == 5)
    }

    @Test("progress counts folder creations and deletions as well as copies, one by one up to the plan's size")
    func progressOfEveryKind() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let local = rig.localRoot("alpha")
        let pair = try rig.pair("alpha")
        for path in ["d1/a", "d2/b", "c"] { try rig.put("x", at: path, in: local) }
        let seen = Mutex<[SyncProgress]>([])
        let record: @Sendable (SyncProgress) -> Void = { progress in seen.withLock { $0.append(progress) } }
        try await manager.sync(pair, progress: record)
        let first = seen.withLock { $0 }
        #expect(first.map(\.finished) == Array(1...first.count) && first.count >= 5, "2 folders made, 3 files copied")
        #expect(first.last?.total == first.count)

        seen.withLock { $0 = [] }
        try rig.remove("d1/a", in: local)
        try rig.remove("c", in: local)
        let report = try await manager.sync(pair, progress: record)
        #expect(report.deleted == 2)
        let updates = seen.withLock { $0 }
        #expect(updates.map(\.finished) == Array(1...updates.count))
        #expect(updates.last?.total == updates.count && updates.count >= 2)
    }
}

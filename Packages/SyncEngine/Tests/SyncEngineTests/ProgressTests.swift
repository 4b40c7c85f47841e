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
}

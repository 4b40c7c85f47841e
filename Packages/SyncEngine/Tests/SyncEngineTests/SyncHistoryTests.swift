import FileAccessorMock
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Synchronization
import Testing

@testable import SyncEngine

/// Each pair's history: when its last sync completed here and, when the latest attempt failed,
/// when and why; on the Mocks with a clock the test sets.
@Suite("SyncHistory: the last completed sync and the last failure, per pair")
struct SyncHistoryTests {
    let rig = TestRig()
    /// The time the engine reads, set by the test.
    final class TestTime: Sendable {
        let date = Mutex(Date(timeIntervalSince1970: 1_000))
    }

    let time = TestTime()

    func manager() -> SyncManager {
        let state = URL(filePath: "/machines/alpha/state", directoryHint: .isDirectory)
        try? rig.world.withTree {
            try $0.makeDirectory(at: PathKey(rig.localRoot("alpha")), intermediate: true)
            try $0.makeDirectory(at: PathKey(state), intermediate: true)
        }
        let time = time
        let environment = SyncEnvironment(
            machineName: "alpha", stateFolder: state, lockHolder: "test alpha", now: { time.date.withLock { $0 } })
        let world = rig.world
        return SyncManager(
            fileSystem: rig.fileSystem, fileAccessor: MockFileAccessor(world: world),
            sides: MockFolderSides(world: world), locking: MockPairLocking(world: world), environment: environment)
    }

    func pair() throws -> SyncPair {
        try SyncPair(name: "docs", localRoot: rig.localRoot("alpha"), container: rig.container)
    }

    func at(_ seconds: Double) { time.date.withLock { $0 = Date(timeIntervalSince1970: seconds) } }

    func moveContainer(from: String, to: String) throws {
        try rig.world.withTree { try $0.moveItem(from: PathKey(path: from), to: PathKey(path: to)) }
    }

    @Test("a completed sync is recorded; a failure keeps it and adds when and why; the next success clears it")
    func records() async throws {
        // A fresh manager per run, as each synccli run is (a manager keeps the roots it opened).
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try await manager().sync(try pair())
        #expect(
            await manager().history(of: try pair()) == SyncHistory(lastCompleted: Date(timeIntervalSince1970: 1_000)))
        try moveContainer(from: "/container", to: "/away")
        at(2_000)
        await #expect(throws: SyncError.containerNotAvailable) { try await manager().sync(try pair()) }
        #expect(
            await manager().history(of: try pair())
                == SyncHistory(
                    lastCompleted: Date(timeIntervalSince1970: 1_000),
                    lastFailure: .init(
                        at: Date(timeIntervalSince1970: 2_000), reason: SyncError.containerNotAvailable.description)))
        try moveContainer(from: "/away", to: "/container")
        at(3_000)
        try await manager().sync(try pair())
        #expect(
            await manager().history(of: try pair()) == SyncHistory(lastCompleted: Date(timeIntervalSince1970: 3_000)))
    }

    @Test("history.json is written as every state file is: indented, keys sorted, dates in ISO 8601")
    func storedText() async throws {
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try await manager().sync(try pair())
        try moveContainer(from: "/container", to: "/away")
        at(2_000)
        await #expect(throws: SyncError.containerNotAvailable) { try await manager().sync(try pair()) }
        let file = await manager().historyStore.url(for: "docs")
        let text = try #require(rig.text(at: file.lastPathComponent, in: file.deletingLastPathComponent()))
        let failure = SyncError.containerNotAvailable.description
        #expect(
            text == """
                {
                  "lastCompleted" : "1970-01-01T00:16:40Z",
                  "lastFailure" : {
                    "at" : "1970-01-01T00:33:20Z",
                    "reason" : "\(failure)"
                  }
                }
                """)
    }

    @Test("an applied plan is recorded as a sync is: completed, or failed with why")
    func applyRecorded() async throws {
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try await manager().sync(try pair())
        try rig.put("b", at: "b.txt", in: rig.localRoot("alpha"))
        let plan = try await manager().plan(try pair())
        at(2_000)
        try await manager().apply(plan)
        #expect(
            await manager().history(of: try pair()) == SyncHistory(lastCompleted: Date(timeIntervalSince1970: 2_000)))
        at(3_000)
        let outdated = SyncError.planOutdated("the pair synced since the plan was made")
        await #expect(throws: outdated) { try await manager().apply(plan) }
        #expect(
            await manager().history(of: try pair())
                == SyncHistory(
                    lastCompleted: Date(timeIntervalSince1970: 2_000),
                    lastFailure: .init(at: Date(timeIntervalSince1970: 3_000), reason: outdated.description)))
    }

    @Test("a pair that never synced records nothing, and its failure makes no folder in the state")
    func neverSynced() async throws {
        let manager = manager()
        try moveContainer(from: "/container", to: "/away")
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync(try pair()) }
        #expect(await manager.history(of: try pair()) == SyncHistory())
        #expect(rig.world.withTree { $0.entry(at: PathKey(path: "/machines/alpha/state/pairs")) } == nil)
    }

    @Test("a damaged history reads as empty, and the next sync replaces it")
    func damaged() async throws {
        let manager = manager()
        try await manager.sync(try pair())
        let url = await manager.historyStore.url(for: "docs")
        try rig.world.withTree { try $0.writeFile(Data("{not json".utf8), at: PathKey(url)) }
        #expect(await manager.history(of: try pair()) == SyncHistory())
        at(5_000)
        try await manager.sync(try pair())
        #expect(await manager.history(of: try pair()).lastCompleted == Date(timeIntervalSince1970: 5_000))
    }
}

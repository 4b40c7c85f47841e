import Foundation
import InMemorySupport
import SyncWatch
import Testing
import WatchInterface
import WatchMock

@Suite("WatchLoop on a mock clock, watcher and syncer: exact times, never a sleep")
struct WatchLoopTests {
    let settings: WatchSettings

    init() throws {
        settings = try WatchSettings(
            debounce: .seconds(2), maximumDelay: .seconds(60), interval: .seconds(100), backoffBase: .seconds(5),
            backoffCap: .seconds(20))
    }

    @Test("a burst of writes is one sync, the debounce after the last write; stop returns after it, nothing armed")
    func burst() async throws {
        let scene = try LoopScene(settings: settings)
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        await scene.finishSync()
        for step in 0..<100 {
            scene.clock.advance(to: .seconds(10) + .milliseconds(step * 10))
            try scene.write("file \(step)")
        }
        scene.clock.advance(to: .seconds(12.98))
        #expect(scene.reports.syncs.count == 2)
        scene.clock.advance(to: .seconds(13))
        #expect(scene.reports.syncs.last == "start p change 12.99 seconds")
        await scene.finishSync()
        scene.loop.stop()
        await running.value
        #expect(
            scene.reports.syncs == [
                "start p startup 0.0 seconds", "end p synced 0.0 seconds", "start p change 12.99 seconds",
                "end p synced 13.0 seconds",
            ])
        #expect(scene.reports.all.last == .stopped(at: .seconds(13)))
        #expect(scene.clock.pendingDeadlines.isEmpty)
        #expect(scene.watching.activeRoots.isEmpty)
        #expect(scene.syncing.mostAtOnce == 1)
    }

    @Test("changes during a sync make exactly one more, after it; the two never overlap")
    func changeDuringSync() async throws {
        let scene = try LoopScene(settings: settings)
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        for second in 1...5 {
            scene.clock.advance(to: .seconds(second))
            try scene.write("during \(second)")
        }
        scene.clock.advance(to: .seconds(30))
        #expect(scene.reports.syncs == ["start p startup 0.0 seconds"])
        await scene.finishSync()
        // Quiet since 5 s: the follow-up starts as the first one ends.
        #expect(scene.reports.syncs.last == "start p change 30.0 seconds")
        await scene.finishSync()
        scene.clock.advance(to: .seconds(129))
        #expect(scene.reports.syncs.count == 4)
        scene.clock.advance(to: .seconds(130))
        #expect(scene.reports.syncs.last == "start p interval 130.0 seconds")
        await scene.finishSync()
        scene.loop.stop()
        await running.value
        #expect(scene.syncing.mostAtOnce == 1)
    }

    @Test("a container away is tried after 5, 10, 20, 20 s, and resumed; local writes meanwhile start nothing")
    func containerAway() async throws {
        let scene = try LoopScene(settings: settings)
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        let away = PairSyncOutcome.containerUnavailable("not mounted")
        await scene.finishSync(away)
        for (retry, write) in [(5, 3), (15, 9), (35, 20), (55, 40)] {
            scene.clock.advance(to: .seconds(write))
            try scene.write("local \(write)")
            scene.clock.advance(to: .seconds(retry))
            #expect(scene.reports.syncs.last == "start p retry \(Duration.seconds(retry))")
            await scene.finishSync(retry == 55 ? .synced : away)
        }
        scene.clock.advance(to: .seconds(154))
        #expect(scene.reports.syncs.count == 10)
        scene.loop.stop()
        await running.value
        #expect(!scene.reports.syncs.contains { $0.contains("change") })
    }

    @Test("stop during a sync: nothing new starts, run returns only after the sync ended")
    func stopDuringSync() async throws {
        let scene = try LoopScene(settings: settings)
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        scene.clock.advance(to: .seconds(1))
        try scene.write("late")
        scene.loop.stop()
        scene.loop.stop()
        try scene.write("after stop")
        scene.clock.advance(to: .seconds(500))
        #expect(!scene.reports.all.contains { if case .stopped = $0 { true } else { false } })
        await scene.finishSync()
        await running.value
        #expect(scene.reports.syncs == ["start p startup 0.0 seconds", "end p synced 500.0 seconds"])
        #expect(scene.reports.all.last == .stopped(at: .seconds(500)))
    }

    @Test("a root that cannot be watched is reported, synced at the interval, and watched again after a good sync")
    func rewatch() async throws {
        let scene = try LoopScene(settings: settings)
        try scene.world.withTree { try $0.removeItem(at: .init(path: "/p")) }
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        #expect(scene.watching.activeRoots.isEmpty)
        try scene.world.withTree { try $0.makeDirectory(at: .init(path: "/p")) }
        await scene.finishSync()
        #expect(scene.watching.activeRoots == [scene.root])
        #expect(scene.reports.all.contains(.watching(pair: "p", root: scene.root)))
        scene.loop.stop()
        await running.value
    }
}

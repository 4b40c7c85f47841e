import Foundation
import InMemorySupport
import SyncWatch
import Testing
import WatchInterface
import WatchMock

@Suite("Concurrent use of WatchLoop")
struct ConcurrentWatchLoopTests {
    @Test(
        "writers, deliveries, clock advances and sync ends from many tasks: syncs of a pair never overlap, stop returns"
    )
    func concurrentInputs() async throws {
        let scene = try LoopScene(settings: try WatchSettings(debounce: .milliseconds(10), interval: .seconds(1)))
        for _ in 0..<10_000 { scene.syncing.complete("p", .synced) }
        let running = Task { await scene.loop.run() }
        await scene.reports.wait(for: .syncStarted(pair: "p", reason: .startup, at: .zero))
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<100 { try? scene.write("w\(writer)-\(index)") }
                }
            }
            group.addTask {
                for step in 1...200 { scene.clock.advance(to: .milliseconds(step * 7)) }
            }
        }
        scene.loop.stop()
        await running.value
        #expect(scene.syncing.mostAtOnce == 1)
        #expect(scene.reports.all.last.map { if case .stopped = $0 { true } else { false } } == true)
        #expect(scene.watching.activeRoots.isEmpty)
    }
}

import Foundation
import InMemorySupport
import Testing
import WatchInterface
import WatchMock

@Suite("Concurrent use of MockFolderWatching and MockWatchClock")
struct ConcurrentWatchingTests {
    @Test("writers, deliverers and stoppers at once: every change reaches a watch that stays, exactly once")
    func concurrentDelivery() async throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/r"), intermediate: true) }
        let watching = MockFolderWatching(world: world)
        let kept = EventLog()
        let keptWatch = try watching.watch(URL(filePath: "/r"), onEvent: kept.handler)
        let writers = 4
        let files = 50
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<files {
                        try? world.withTree {
                            try $0.writeFile(Data([UInt8(index)]), at: PathKey(path: "/r/w\(writer)-\(index)"))
                        }
                        if index.isMultiple(of: 7) { watching.deliverChanges() }
                    }
                }
            }
            group.addTask {
                for _ in 0..<20 {
                    let log = EventLog()
                    if let watch = try? watching.watch(URL(filePath: "/r"), onEvent: log.handler) {
                        watching.deliverChanges()
                        watch.stop()
                    }
                }
            }
        }
        watching.deliverChanges()
        keptWatch.stop()
        let paths = kept.events.compactMap { event -> String? in
            if case .changed(let path) = event { path } else { nil }
        }
        #expect(paths.count == writers * files)
        #expect(Set(paths).count == writers * files)
        #expect(watching.activeRoots.isEmpty)
    }

    @Test("scheduling and cancelling from many tasks while the clock advances: each wake-up runs at most once")
    func concurrentClock() async {
        let clock = MockWatchClock()
        let counter = RunCounts()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<100 {
                        let id = task * 1000 + index
                        let wake = clock.schedule(at: .milliseconds(index)) { counter.add(id) }
                        if index.isMultiple(of: 3) { wake.cancel() }
                    }
                }
            }
            group.addTask {
                for step in 0..<50 { clock.advance(to: .milliseconds(step * 2)) }
            }
        }
        clock.advance(to: .seconds(1))
        let runs = counter.all
        #expect(runs.values.allSatisfy { $0 == 1 })
        #expect(runs.count >= 4 * 66)
        #expect(clock.pendingDeadlines.isEmpty)
    }
}

/// How many times each wake-up ran, behind ``Guarded``.
private final class RunCounts: Sendable {
    private let counts = Guarded<[Int: Int]>([:])

    func add(_ id: Int) { counts.withLock { $0[id, default: 0] += 1 } }

    var all: [Int: Int] { counts.withLock { $0 } }
}

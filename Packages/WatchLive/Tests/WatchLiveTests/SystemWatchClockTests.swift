import Synchronization
import Testing
import WatchInterface

@testable import WatchLive

@Suite("SystemWatchClock")
struct SystemWatchClockTests {
    @Test("a wake-up runs once its deadline passed, and one cancelled before never runs")
    func wakeAndCancel() async {
        let clock = SystemWatchClock()
        let ran = Mutex<[String]>([])
        let start = clock.now
        let cancelled = clock.schedule(at: start + .milliseconds(5)) { ran.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        cancelled.cancel()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = clock.schedule(at: start + .milliseconds(50)) {
                ran.withLock { $0.append("kept at \(clock.now >= start + .milliseconds(50))") }
                done.resume()
            }
        }
        #expect(ran.withLock { $0 } == ["kept at true"])
    }

    @Test("a wake-up's action waits for its sleep: a task cancelled while sleeping never runs it")
    func actionWaitsForTheSleep() async throws {
        let clock = SystemWatchClock()
        let ran = Mutex(false)
        let wake = clock.schedule(at: clock.now + .seconds(3600)) { ran.withLock { $0 = true } }
        let system = try #require(wake as? SystemScheduledWake)
        let sleeping = try #require(system.task.withLock { $0 })
        // The task is cancelled, not the wake-up: only the sleep can stop the action now.
        sleeping.cancel()
        _ = await sleeping.result
        #expect(!ran.withLock { $0 })
    }

    @Test("now never goes backwards")
    func monotonic() {
        let clock = SystemWatchClock()
        var last = clock.now
        for _ in 0..<1000 {
            let now = clock.now
            #expect(now >= last)
            last = now
        }
    }
}

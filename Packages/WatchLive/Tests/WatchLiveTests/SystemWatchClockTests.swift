import Synchronization
import Testing
import WatchInterface
import WatchLive

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

import InMemorySupport
import Testing
import WatchInterface
import WatchMock

@Suite("MockWatchClock")
struct MockWatchClockTests {
    /// Records which wake-up ran at which clock reading.
    final class Runs: Sendable {
        private let runs = Guarded<[(String, Duration)]>([])
        func add(_ name: String, _ at: Duration) { runs.withLock { $0.append((name, at)) } }
        var all: [String] { runs.withLock { $0.map { "\($0.0)@\($0.1)" } } }
    }

    @Test("wake-ups run in deadline order, each with the clock at its deadline, and the clock ends at the target")
    func order() {
        let clock = MockWatchClock()
        let runs = Runs()
        for (name, at) in [("c", 3), ("a", 1), ("b", 2), ("late", 9)] {
            _ = clock.schedule(at: .seconds(at)) { runs.add(name, clock.now) }
        }
        clock.advance(by: .seconds(5))
        #expect(runs.all == ["a@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds"])
        #expect(clock.now == .seconds(5))
        #expect(clock.pendingDeadlines == [.seconds(9)])
    }

    @Test("a cancelled wake-up never runs; cancelling twice is harmless")
    func cancel() {
        let clock = MockWatchClock()
        let runs = Runs()
        let wake = clock.schedule(at: .seconds(1)) { runs.add("x", clock.now) }
        wake.cancel()
        wake.cancel()
        clock.advance(by: .seconds(2))
        #expect(runs.all.isEmpty)
        #expect(clock.pendingDeadlines.isEmpty)
    }

    @Test("a past deadline runs on the next advance, never inside schedule")
    func pastDeadline() {
        let clock = MockWatchClock(now: .seconds(10))
        let runs = Runs()
        _ = clock.schedule(at: .seconds(4)) { runs.add("past", clock.now) }
        #expect(runs.all.isEmpty)
        clock.advance(by: .zero)
        #expect(runs.all == ["past@10.0 seconds"])
    }

    @Test("a wake-up an action schedules inside the advanced span runs in the same advance")
    func chained() {
        let clock = MockWatchClock()
        let runs = Runs()
        _ = clock.schedule(at: .seconds(1)) {
            runs.add("first", clock.now)
            _ = clock.schedule(at: clock.now + .seconds(1)) { runs.add("second", clock.now) }
        }
        clock.advance(to: .seconds(3))
        #expect(runs.all == ["first@1.0 seconds", "second@2.0 seconds"])
        #expect(clock.scheduledCount == 2)
    }

    @Test("runNext jumps to the earliest deadline; with nothing pending it reports false")
    func runNext() {
        let clock = MockWatchClock()
        let runs = Runs()
        _ = clock.schedule(at: .seconds(7)) { runs.add("x", clock.now) }
        #expect(clock.runNext())
        #expect(clock.now == .seconds(7))
        #expect(!clock.runNext())
        #expect(runs.all == ["x@7.0 seconds"])
    }
}

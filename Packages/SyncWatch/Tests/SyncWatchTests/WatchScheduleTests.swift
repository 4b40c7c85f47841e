import SyncWatch
import Testing

@Suite("WatchSchedule: debounce, interval, no overlap, backoff and stop on scripted time")
struct WatchScheduleTests {
    let settings: WatchSettings

    init() throws {
        settings = try WatchSettings(
            debounce: .seconds(2), maximumDelay: .seconds(60), interval: .seconds(100), backoffBase: .seconds(5),
            backoffCap: .seconds(300))
    }

    @Test("a burst of changes is one sync, the debounce after the last of them; then the interval")
    func burst() {
        var sim = Simulation(settings: settings)
        for step in 0..<1000 { sim.change(at: .seconds(10) + .milliseconds(step)) }
        sim.run(until: .seconds(250))
        #expect(sim.starts == ["0s p startup", "12.999s p change", "112.999s p interval", "212.999s p interval"])
    }

    @Test("a file still being written (changes every second) is not synced until quiet for the debounce")
    func stillWriting() {
        var sim = Simulation(settings: settings)
        for second in 10...30 { sim.change(at: .seconds(second)) }
        sim.run(until: .seconds(31.9))
        #expect(sim.starts == ["0s p startup"])
        sim.run(until: .seconds(40))
        #expect(sim.starts == ["0s p startup", "32s p change"])
    }

    @Test("a folder that never stops changing is synced at the maximum delay after its first change")
    func maximumDelay() {
        var sim = Simulation(settings: settings)
        for second in 10...95 { sim.change(at: .seconds(second)) }
        sim.run(until: .seconds(95))
        #expect(sim.starts == ["0s p startup", "70s p change"])
    }

    @Test("changes during a sync make exactly one more sync, after it ends; the two never overlap")
    func noOverlap() {
        var sim = Simulation(settings: settings)
        sim.syncTime = .seconds(10)
        sim.run(until: .seconds(20))
        sim.change(at: .seconds(20))
        for second in 23...27 { sim.change(at: .seconds(second)) }  // during the sync of 22 s to 32 s
        #expect(sim.schedule.syncing == ["p"])
        #expect(sim.schedule.nextDeadline == nil)
        sim.run(until: .seconds(60))
        #expect(sim.starts == ["0s p startup", "22s p change", "32s p change"])
    }

    @Test("an unavailable container is tried again after 5, 10, 20 ... up to 300 s; changes meanwhile start nothing")
    func backoff() {
        var sim = Simulation(settings: settings)
        sim.outcomes["p"] = Array(repeating: .containerUnavailable("not mounted"), count: 9)
        sim.change(at: .seconds(1))
        sim.change(at: .seconds(7))
        sim.run(until: .seconds(2000))
        #expect(
            sim.starts == [
                "0s p startup", "5s p retry", "15s p retry", "35s p retry", "75s p retry", "155s p retry",
                "315s p retry", "615s p retry", "915s p retry", "1215s p retry", "1315s p interval",
                "1415s p interval", "1515s p interval", "1615s p interval", "1715s p interval", "1815s p interval",
                "1915s p interval",
            ])
        #expect(sim.schedule.waiting.isEmpty)
    }

    @Test(
        "a busy pair (locked by a manual sync) is retried with backoff; a failed sync waits for a change or the interval"
    )
    func busyAndFailed() {
        var sim = Simulation(settings: settings)
        sim.outcomes["p"] = [.busy("synccli pid 7"), .failed("would delete 80% of the files")]
        sim.run(until: .seconds(50))
        #expect(sim.starts == ["0s p startup", "5s p retry"])
        sim.change(at: .seconds(50))
        sim.run(until: .seconds(60))
        #expect(sim.starts == ["0s p startup", "5s p retry", "52s p change"])
    }

    @Test("a sync a guard refused is not retried with backoff: it waits for a change or the interval")
    func refused() {
        var sim = Simulation(settings: settings)
        sim.outcomes["p"] = [.refused("the container side's root marker is missing")]
        sim.run(until: .seconds(50))
        #expect(sim.starts == ["0s p startup"])
        #expect(sim.schedule.waiting.isEmpty)
        sim.change(at: .seconds(50))
        sim.run(until: .seconds(60))
        #expect(sim.starts == ["0s p startup", "52s p change"])
    }

    @Test("pairs are independent: one waiting for its container does not hold the other back")
    func independentPairs() {
        var sim = Simulation(pairs: ["a", "b"], settings: settings)
        sim.outcomes["a"] = [.containerUnavailable("gone")]
        sim.change("b", at: .seconds(3))
        sim.run(until: .seconds(10))
        #expect(sim.starts == ["0s a startup", "0s b startup", "5s a retry", "5s b change"])
    }

    @Test("after stop nothing starts, a running sync still finishes, and there is no deadline")
    func stop() {
        var sim = Simulation(settings: settings)
        sim.syncTime = .seconds(10)
        sim.run(until: .seconds(1))
        sim.schedule.stop()
        sim.change(at: .seconds(2))
        #expect(sim.schedule.nextDeadline == nil)
        sim.run(until: .seconds(500))
        #expect(sim.starts == ["0s p startup"])
        #expect(sim.schedule.syncing.isEmpty)
    }

    @Test(
        "backoff doubles from the base and stops at the cap",
        arguments: [(1, 5), (2, 10), (3, 20), (7, 300), (60, 300)])
    func backoffSteps(attempt: Int, seconds: Int) {
        let schedule = WatchSchedule(pairs: [], settings: settings, now: .zero)
        #expect(schedule.backoff(attempt: attempt) == .seconds(seconds))
    }
}

@Suite("WatchSettings")
struct WatchSettingsTests {
    @Test(
        "bad values are refused with one line naming them",
        arguments: [
            (
                (Duration.zero, Duration.seconds(60), Duration.seconds(60), Duration.seconds(5), Duration.seconds(300)),
                "debounce"
            ),
            ((.seconds(2), .seconds(60), .seconds(-1), .seconds(5), .seconds(300)), "interval"),
            ((.seconds(2), .seconds(1), .seconds(60), .seconds(5), .seconds(300)), "maximum delay"),
            ((.seconds(2), .seconds(60), .seconds(60), .seconds(5), .seconds(1)), "backoff cap"),
            ((.seconds(2), .seconds(60), .seconds(60), .zero, .seconds(1)), "backoff base"),
        ])
    func invalid(values: (Duration, Duration, Duration, Duration, Duration), named: String) {
        #expect {
            try WatchSettings(
                debounce: values.0, maximumDelay: values.1, interval: values.2, backoffBase: values.3,
                backoffCap: values.4)
        } throws: { error in
            guard let error = error as? WatchSettingsError else { return false }
            return error.description.contains(named) && !error.description.contains("\n")
        }
    }

    @Test("the defaults are valid")
    func defaults() throws {
        let settings = try WatchSettings()
        #expect(settings.debounce == .seconds(2))
        #expect(settings.interval == .seconds(60))
    }
}

import Synchronization
public import WatchInterface

/// The real time, for a watch loop: `now` is the monotonic time since the clock was created, and
/// each wake-up is a task sleeping on `ContinuousClock` (nothing runs while nothing is due).
///
/// ```swift
/// let clock = SystemWatchClock()
/// let wake = clock.schedule(at: clock.now + .seconds(2)) { print("two seconds later") }
/// ```
public struct SystemWatchClock: WatchClock {
    private let origin: ContinuousClock.Instant

    /// Creates a clock reading zero now.
    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { origin.duration(to: ContinuousClock.now) }

    public func schedule(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledWake {
        let instant = origin.advanced(by: deadline)
        let wake = SystemScheduledWake()
        wake.task.withLock { task in
            task = Task {
                // A sleep cut short by cancel() throws, and the action does not run.
                try await Task.sleep(until: instant, clock: .continuous)
                wake.runUnlessCancelled(action)
            }
        }
        return wake
    }
}

/// A wake-up's sleeping task, and whether it was cancelled: the action runs only if it was not
/// cancelled when its sleep ended.
final class SystemScheduledWake: ScheduledWake {
    let task = Mutex<Task<Void, any Error>?>(nil)
    private let cancelled = Mutex(false)

    func runUnlessCancelled(_ action: @Sendable () -> Void) {
        if !cancelled.withLock({ $0 }) { action() }
    }

    func cancel() {
        cancelled.withLock { $0 = true }
        task.withLock { $0 }?.cancel()
    }
}

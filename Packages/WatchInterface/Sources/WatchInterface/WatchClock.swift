/// The time a watch loop runs on, injected so tests move it by hand and never sleep.
///
/// Time is a `Duration` since an origin of the clock's choosing (its creation, typically), and
/// never goes backwards. Waiting is a callback, not a suspension: a test clock then runs every
/// wake-up synchronously, in deadline order, while it is advanced, so what happens at which
/// instant is exact.
///
/// ```swift
/// let wake = clock.schedule(at: clock.now + .seconds(2)) { print("two seconds later") }
/// wake.cancel()  // changed our mind
/// ```
public protocol WatchClock: Sendable {
    /// The time elapsed since the clock's origin.
    var now: Duration { get }

    /// Calls `action` once, when ``now`` reaches `deadline`.
    ///
    /// A deadline that has already passed runs as soon as possible, but never synchronously
    /// inside `schedule` (the caller may hold a lock `action` takes).
    /// - Parameters:
    ///   - deadline: when, on this clock.
    ///   - action: what to run; from a thread of the clock's choosing.
    /// - Returns: a handle that can cancel the wake-up.
    func schedule(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledWake
}

/// A wake-up a ``WatchClock`` will run.
public protocol ScheduledWake: Sendable {
    /// Makes sure the action does not run, unless it is already starting (a wake-up racing its
    /// cancel may still run once: actions should only look at what is due). Calling it again
    /// does nothing.
    func cancel()
}

/// The slowest an answer's body may arrive before it counts as stalled: a server that sends a
/// byte just before the idle timer would fire, again and again, is stopped after one window
/// instead of running until the deadline (an hour by default).
public struct SlowestRate: Sendable {
    /// The fewest bytes a body must bring in each window: 1 KiB by default.
    public var bytes: Int64 = 1024
    /// The window: 60 s by default. A body is measured from its response head, one window after
    /// another; it is checked as each chunk arrives.
    public var window: Duration = .seconds(60)
    /// The clock the windows are measured on; tests inject one they move by hand.
    public var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// The defaults above.
    public init() {}
}

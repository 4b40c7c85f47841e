import InMemorySupport

/// Time for Mocks and the policies around them: it moves only when told, so no test sleeps.
///
/// ```swift
/// let clock = VirtualClock()
/// let transport = MockHTTPTransport(clock: clock)
/// transport.route(.get, "/slow", .delay(.seconds(90), then: .respond(status: 200)))
/// // a GET of /slow with a 30 s deadline throws timedOut and moves the clock by 30 s
/// ```
public final class VirtualClock: Sendable {
    private let elapsed = Guarded(Duration.zero)

    /// Creates a clock at zero.
    public init() {}

    /// How much virtual time has passed since the clock was created.
    public var now: Duration { elapsed.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by duration: Duration) {
        elapsed.withLock { $0 += max(duration, .zero) }
    }

    /// A sleep that returns at once after moving the clock: hand it to a retry policy.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        advance(by: duration)
    }
}

import InMemorySupport
public import WatchInterface

/// A ``WatchClock`` that moves only when the test advances it, running each wake-up
/// synchronously, in deadline order, at its exact deadline.
///
/// ```swift
/// let clock = MockWatchClock()
/// _ = clock.schedule(at: .seconds(2)) { print(clock.now) }
/// clock.advance(by: .seconds(5))   // prints "2.0 seconds", then the clock reads 5 s
/// ```
///
/// A wake-up scheduled for a time already passed runs at the next ``advance(by:)`` (even by
/// zero), never inside ``schedule(at:_:)``. Wake-ups that an action schedules within the span
/// being advanced run in the same advance. Thread-safe; advance it from one thread at a time.
public final class MockWatchClock: WatchClock {
    private struct Pending {
        let id: Int
        let deadline: Duration
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Duration
        var pending: [Pending] = []
        var nextID = 0
        var scheduled = 0
    }

    private let state: Guarded<State>

    /// Creates a clock reading `now`.
    /// - Parameter now: the starting time (zero by default).
    public init(now: Duration = .zero) {
        state = Guarded(State(now: now))
    }

    public var now: Duration { state.withLock { $0.now } }

    /// The deadlines of the wake-ups not run or cancelled yet, earliest first.
    public var pendingDeadlines: [Duration] { state.withLock { $0.pending.map(\.deadline).sorted() } }

    /// How many wake-ups were ever scheduled: a loop that keeps re-arming shows here.
    public var scheduledCount: Int { state.withLock { $0.scheduled } }

    public func schedule(at deadline: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledWake {
        let id = state.withLock { state in
            state.nextID += 1
            state.scheduled += 1
            state.pending.append(Pending(id: state.nextID, deadline: deadline, action: action))
            return state.nextID
        }
        return MockScheduledWake { [weak self] in
            self?.state.withLock { $0.pending.removeAll { $0.id == id } }
        }
    }

    /// Moves the clock forward by `duration`, running every wake-up due on the way.
    public func advance(by duration: Duration) {
        advance(to: now + max(duration, .zero))
    }

    /// Moves the clock to `target` (never backwards), running every wake-up due on the way, each
    /// with the clock reading its deadline (or the current time, for one already passed).
    public func advance(to target: Duration) {
        while let next = takeNext(notAfter: target) { next.action() }
        state.withLock { $0.now = max($0.now, target) }
    }

    /// Advances to the earliest pending deadline and runs what is due there.
    /// - Returns: false when nothing is pending.
    @discardableResult
    public func runNext() -> Bool {
        guard let deadline = pendingDeadlines.first else { return false }
        advance(to: max(deadline, now))
        return true
    }

    private func takeNext(notAfter target: Duration) -> Pending? {
        state.withLock { state in
            let due = state.pending.enumerated().filter { $0.element.deadline <= target }
            guard
                let first = due.min(by: { ($0.element.deadline, $0.element.id) < ($1.element.deadline, $1.element.id) })
            else { return nil }
            state.pending.remove(at: first.offset)
            state.now = max(state.now, first.element.deadline)
            return first.element
        }
    }
}

/// The handle of a ``MockWatchClock`` wake-up.
final class MockScheduledWake: ScheduledWake {
    private let onCancel: Guarded<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Guarded(onCancel)
    }

    func cancel() {
        onCancel.withLock { action in
            defer { action = nil }
            return action
        }?()
    }
}

import Synchronization
import WatchInterface

/// Collects the events of one watch, and waits for an event that must come.
final class EventRecorder: Sendable {
    private struct State {
        var events: [WatchEvent] = []
        var waiters: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    init() {}

    /// The handler to give to `watch(_:onEvent:)`.
    var handler: @Sendable (WatchEvent) -> Void {
        { [self] event in record(event) }
    }

    func record(_ event: WatchEvent) {
        let waiters = state.withLock { state in
            state.events.append(event)
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.yield() }
    }

    /// Every event so far.
    var events: [WatchEvent] { state.withLock { $0.events } }

    /// How many events there are so far: a mark to look at later events only.
    var mark: Int { state.withLock { $0.events.count } }

    /// The events recorded after `mark`.
    func events(after mark: Int) -> [WatchEvent] { Array(events.dropFirst(mark)) }

    /// Waits until the events after `mark` satisfy `condition`, for at most `patience`.
    /// - Returns: whether they did.
    func wait(
        after mark: Int = 0, patience: Duration, until condition: @escaping @Sendable ([WatchEvent]) -> Bool
    ) async -> Bool {
        if condition(events(after: mark)) { return true }
        if patience <= .zero { return false }
        // A fresh stream per wait, registered before the condition is checked again, so no
        // event can slip between the check and the wait.
        let (pings, ping) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextWaiter += 1
            state.waiters[state.nextWaiter] = ping
            return state.nextWaiter
        }
        defer { _ = state.withLock { $0.waiters.removeValue(forKey: id) } }
        if condition(events(after: mark)) { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                for await _ in pings where condition(events(after: mark)) { return true }
                return false
            }
            group.addTask {
                // A bound on waiting for an event that must come, so a broken watch fails
                // instead of hanging; never a measure of speed.
                try? await Task.sleep(for: patience)
                return false
            }
            let satisfied = await group.next() ?? false
            group.cancelAll()
            return satisfied
        }
    }
}

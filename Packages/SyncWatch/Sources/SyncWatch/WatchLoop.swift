import Foundation
import Synchronization
public import WatchInterface

/// Runs a ``WatchSchedule``: watches each pair's folders, starts the syncs it says are due, arms
/// one wake-up for its next deadline (nothing runs while nothing is due), and stops cleanly.
///
/// Every decision is taken synchronously where its input arrives (a watch event, a wake-up of
/// the clock, a sync's end), at the clock's current time, so with a test clock the schedule is
/// exact. Syncs run as tasks; two syncs of one pair never overlap.
///
/// ```swift
/// let loop = WatchLoop(pairs: pairs, settings: try WatchSettings(), watching: InotifyWatching(),
///                      syncing: engine, clock: SystemWatchClock()) { print($0) }
/// // on SIGTERM: loop.stop()
/// await loop.run()   // returns once stopped and the current syncs finished
/// ```
public final class WatchLoop: Sendable {
    private struct State {
        var schedule: WatchSchedule
        var wake: (any ScheduledWake)?
        var armedAt: Duration?
        var watches: [(pair: String, root: URL, watch: any FolderWatch)] = []
        var unwatched: [(pair: String, root: URL)] = []
        var done: CheckedContinuation<Void, Never>?
        var finished = false
    }

    private let pairs: [WatchedPair]
    private let watching: any FolderWatching
    private let syncing: any PairSyncing
    private let clock: any WatchClock
    private let report: @Sendable (WatchReport) -> Void
    private let state: Mutex<State>

    /// Creates a loop; nothing happens before ``run()``.
    /// - Parameters:
    ///   - pairs: the pairs and the folders to watch for each.
    ///   - settings: the pacing.
    ///   - watching: how folders are watched.
    ///   - syncing: how a pair is synced.
    ///   - clock: the time the loop runs on.
    ///   - report: called for each thing the loop does, in order per pair.
    public init(
        pairs: [WatchedPair], settings: WatchSettings, watching: any FolderWatching, syncing: any PairSyncing,
        clock: any WatchClock, report: @escaping @Sendable (WatchReport) -> Void
    ) {
        self.pairs = pairs
        self.watching = watching
        self.syncing = syncing
        self.clock = clock
        self.report = report
        state = Mutex(State(schedule: WatchSchedule(pairs: pairs.map(\.name), settings: settings, now: clock.now)))
    }

    /// Watches the pairs, syncs each at once and then as changes and the interval say, until
    /// ``stop()``; returns when the syncs running then have finished.
    public func run() async {
        for pair in pairs {
            for root in pair.roots { watch(pair.name, root) }
        }
        step()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                if !state.finished { state.done = done }
                return state.finished
            }
            if finished { done.resume() }
        }
    }

    /// Starts no new sync, stops every watch and the wake-up; ``run()`` returns once the running
    /// syncs finished. Calling it again does nothing.
    public func stop() {
        let (watches, wake) = state.withLock { state in
            state.schedule.stop()
            defer {
                state.watches = []
                state.wake = nil
            }
            return (state.watches.map(\.watch), state.wake)
        }
        wake?.cancel()
        // Outside the lock: a watch's stop waits for a delivery that may be waiting for it.
        for watch in watches { watch.stop() }
        finishIfIdle()
    }

    // MARK: Inputs

    private func watch(_ pair: String, _ root: URL) {
        do {
            let watch = try watching.watch(root) { [weak self] event in self?.received(event, pair, root) }
            let kept = state.withLock { state in
                guard !state.schedule.isStopping else { return false }
                state.watches.append((pair, root, watch))
                return true
            }
            guard kept else { return watch.stop() }
            report(.watching(pair: pair, root: root))
        } catch {
            state.withLock { $0.unwatched.append((pair, root)) }
            report(.watchFailed(pair: pair, root: root, reason: String(describing: error)))
        }
    }

    private func received(_ event: WatchEvent, _ pair: String, _ root: URL) {
        let now = clock.now
        let starts = state.withLock { state in
            state.schedule.noteChange(of: pair, at: now)
            if case .ended = event {
                state.watches.removeAll { $0.pair == pair && $0.root == root }
                state.unwatched.append((pair, root))
            }
            return decide(&state, at: now)
        }
        if case .changed = event {} else { report(.watchEvent(pair: pair, root: root, event: event)) }
        launch(starts, at: now)
    }

    private func finished(_ pair: String, _ outcome: PairSyncOutcome) {
        let now = clock.now
        // The whole decision is taken before the end is reported: whoever waits for the report
        // finds the schedule settled (the next sync started or the wake-up armed).
        let (rewatch, starts) = state.withLock { state -> ([URL], [(pair: String, reason: SyncReason)]) in
            state.schedule.finish(pair, outcome, at: now)
            var rewatch: [URL] = []
            if outcome == .synced, !state.schedule.isStopping {
                rewatch = state.unwatched.filter { $0.pair == pair }.map(\.root)
                state.unwatched.removeAll { $0.pair == pair }
            }
            return (rewatch, decide(&state, at: now))
        }
        for root in rewatch { watch(pair, root) }
        report(.syncFinished(pair: pair, outcome: outcome, at: now))
        launch(starts, at: now)
        finishIfIdle()
    }

    // MARK: Decisions

    /// Starts what is due now (and wakes up for the next deadline).
    private func step() {
        let now = clock.now
        launch(state.withLock { decide(&$0, at: now) }, at: now)
    }

    /// Marks the pairs due at `now` as syncing and arms the wake-up for the next deadline.
    /// - Returns: the syncs to launch.
    private func decide(_ state: inout State, at now: Duration) -> [(pair: String, reason: SyncReason)] {
        let starts = state.schedule.startDue(at: now)
        let next = state.schedule.nextDeadline
        if next != state.armedAt || (state.armedAt.map { $0 <= now } ?? false) {
            state.wake?.cancel()
            state.wake = next.map { deadline in clock.schedule(at: deadline) { [weak self] in self?.step() } }
            state.armedAt = next
        }
        return starts
    }

    /// Reports and runs syncs ``decide(_:at:)`` started.
    private func launch(_ starts: [(pair: String, reason: SyncReason)], at now: Duration) {
        for (pair, reason) in starts {
            report(.syncStarted(pair: pair, reason: reason, at: now))
            Task { [syncing] in
                let outcome = await syncing.sync(pair: pair)
                self.finished(pair, outcome)
            }
        }
    }

    private func finishIfIdle() {
        let done = state.withLock { state -> CheckedContinuation<Void, Never>?? in
            guard state.schedule.isStopping, state.schedule.syncing.isEmpty, !state.finished else { return nil }
            state.finished = true
            defer { state.done = nil }
            return .some(state.done)
        }
        guard let done else { return }
        report(.stopped(at: clock.now))
        done?.resume()
    }
}

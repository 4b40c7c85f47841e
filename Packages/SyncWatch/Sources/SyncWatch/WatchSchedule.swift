/// The watch loop's decisions, as a value: changes, sync outcomes and the time go in; which
/// pairs to sync now, and when to look again, come out. No clock, no threads, no I/O, so every
/// schedule is tested exactly.
///
/// Per pair:
/// - **Debounce**: a change makes the pair due `debounce` after the latest change, so a burst is
///   one sync and a file still being written (changes still arriving) waits for quiet; but never
///   later than `maximumDelay` after the first unsynced change.
/// - **Interval**: without changes, the pair is synced every `interval` after its last sync
///   ended, and at once when the schedule starts.
/// - **No overlap**: a pair that syncs is never started again; changes during the sync make
///   exactly one more sync, debounced from the latest of them.
/// - **Container away**: an unavailable container (or a pair busy elsewhere) is tried again
///   after `backoffBase`, doubling up to `backoffCap`; meanwhile changes only wait. Unavailable
///   is never anything but "do not sync".
/// - **Stop**: after ``stop()`` nothing new starts; running syncs finish.
///
/// ```swift
/// var schedule = WatchSchedule(pairs: ["documents"], settings: try WatchSettings(), now: .zero)
/// let starts = schedule.startDue(at: .zero)        // [("documents", .startup)]
/// schedule.finish("documents", .synced, at: .seconds(1))
/// schedule.noteChange(of: "documents", at: .seconds(5))
/// schedule.nextDeadline                               // 7 s: 5 s + the 2 s debounce
/// ```
public struct WatchSchedule: Sendable {
    /// The settings it paces with.
    public let settings: WatchSettings
    private var pairs: [String: PairSchedule]
    /// Whether ``stop()`` was called.
    public private(set) var isStopping = false

    /// Creates a schedule with every pair due at once (the startup sync).
    /// - Parameters:
    ///   - pairs: the pairs' names.
    ///   - settings: the pacing.
    ///   - now: the current time.
    public init(pairs: [String], settings: WatchSettings, now: Duration) {
        self.settings = settings
        self.pairs = Dictionary(
            pairs.map { ($0, PairSchedule(nextCheck: now)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Records a change in `pair`'s watched folders (an overflow or a lost watch counts as one).
    /// Unknown pairs are ignored.
    public mutating func noteChange(of pair: String, at now: Duration) {
        guard var state = pairs[pair] else { return }
        state.firstChange = state.firstChange ?? now
        state.lastChange = now
        pairs[pair] = state
    }

    /// Starts every pair due at `now`, in name order, and marks them syncing.
    /// - Returns: the pairs to sync now, with the reason; empty once stopping.
    public mutating func startDue(at now: Duration) -> [(pair: String, reason: SyncReason)] {
        guard !isStopping else { return [] }
        var starts: [(pair: String, reason: SyncReason)] = []
        for name in pairs.keys.sorted() {
            guard var state = pairs[name], let due = state.due(settings), due.at <= now else { continue }
            state.syncing = true
            // The sync reads the whole tree: it covers every change made before it started.
            state.firstChange = nil
            state.lastChange = nil
            pairs[name] = state
            starts.append((name, due.reason))
        }
        return starts
    }

    /// Records how a sync of `pair` ended.
    /// - Returns: when the next attempt is, while the container is away or the pair is busy.
    @discardableResult
    public mutating func finish(_ pair: String, _ outcome: PairSyncOutcome, at now: Duration) -> Duration? {
        guard var state = pairs[pair] else { return nil }
        state.syncing = false
        state.started = true
        switch outcome {
        case .synced, .refused, .failed:
            state.retry = nil
            state.nextCheck = now + settings.interval
        case .containerUnavailable, .busy:
            let attempt = (state.retry?.attempt ?? 0) + 1
            state.retry = (attempt, now + backoff(attempt: attempt))
        }
        pairs[pair] = state
        return state.retry?.at
    }

    /// The wait before attempt `attempt` (1-based) after a failure: base × 2^(attempt − 1),
    /// at most the cap.
    public func backoff(attempt: Int) -> Duration {
        var wait = settings.backoffBase
        for _ in 1..<max(attempt, 1) {
            wait *= 2
            if wait >= settings.backoffCap { return settings.backoffCap }
        }
        return min(wait, settings.backoffCap)
    }

    /// Starts nothing new from now on; running syncs still finish.
    public mutating func stop() {
        isStopping = true
    }

    /// The earliest time a pair is due, or nil when nothing is (all syncing, or stopping).
    public var nextDeadline: Duration? {
        guard !isStopping else { return nil }
        return pairs.values.compactMap { $0.due(settings)?.at }.min()
    }

    /// The pairs syncing now, by name.
    public var syncing: [String] { pairs.filter(\.value.syncing).map(\.key).sorted() }

    /// The pairs waiting for their container (or their lock), by name.
    public var waiting: [String] { pairs.filter { $0.value.retry != nil }.map(\.key).sorted() }
}

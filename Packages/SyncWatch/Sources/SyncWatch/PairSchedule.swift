/// Where one pair stands in a ``WatchSchedule``.
struct PairSchedule: Sendable {
    /// A sync of the pair runs now.
    var syncing = false
    /// The first and the latest change not covered by a sync yet.
    var firstChange: Duration?
    var lastChange: Duration?
    /// When the pair is due for an interval check (at start: at once).
    var nextCheck: Duration
    /// Whether no sync of the pair finished yet.
    var started = false
    /// While the container is away (or the pair busy): the attempt count and the next attempt.
    var retry: (attempt: Int, at: Duration)?

    /// When the pair should sync next, and why; nil while it syncs.
    func due(_ settings: WatchSettings) -> (at: Duration, reason: SyncReason)? {
        guard !syncing else { return nil }
        // While the container is away, changes wait for the next attempt: a sync now would only
        // fail the same way.
        if let retry { return (retry.at, .retry) }
        let check = (nextCheck, started ? SyncReason.interval : .startup)
        guard let firstChange, let lastChange else { return check }
        let change = min(lastChange + settings.debounce, firstChange + settings.maximumDelay)
        return change < check.0 ? (change, .change) : check
    }
}

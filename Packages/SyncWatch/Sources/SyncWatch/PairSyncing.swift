/// Starts one sync of a pair: what a watch loop needs from the sync engine.
///
/// The loop never runs two syncs of one pair at once; an implementation still takes the pair's
/// lock, so a manual sync in another process is answered ``PairSyncOutcome/busy(_:)``.
public protocol PairSyncing: Sendable {
    /// Syncs `pair` once, to the end.
    /// - Parameter pair: the pair's name.
    /// - Returns: how it ended; never throws, every failure is an outcome.
    func sync(pair: String) async -> PairSyncOutcome
}

/// How one sync of a pair ended.
public enum PairSyncOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Both sides are in sync.
    case synced
    /// The container is not there (unmounted, server down): nothing was synced, and nothing is
    /// ever read as deleted. The loop waits, with backoff, and tries again.
    case containerUnavailable(String)
    /// Another process syncs the pair now (its lock is held): the loop tries again, with backoff.
    case busy(String)
    /// A safety guard refused the sync (a missing root marker, too many deletions: the text says
    /// which): nothing was changed, and the loop tries again at the next change or interval.
    case refused(String)
    /// The sync failed (the text says why): the loop tries again at the next change or interval.
    case failed(String)

    public var description: String {
        switch self {
        case .synced: "synced"
        case .containerUnavailable(let reason): "container unavailable: \(reason)"
        case .busy(let holder): "busy: \(holder)"
        case .refused(let reason): "refused: \(reason)"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}

public import Foundation
public import WatchInterface

/// What a ``WatchLoop`` did, one line each for a log (times on the loop's clock).
public enum WatchReport: Sendable, Equatable, CustomStringConvertible {
    /// A folder of the pair is watched.
    case watching(pair: String, root: URL)
    /// A folder of the pair cannot be watched (it is synced at the interval, and watched again
    /// after its next successful sync).
    case watchFailed(pair: String, root: URL, reason: String)
    /// A folder's watch ended by itself (root removed or unmounted) or lost events.
    case watchEvent(pair: String, root: URL, event: WatchEvent)
    /// A sync of the pair started.
    case syncStarted(pair: String, reason: SyncReason, at: Duration)
    /// A sync of the pair ended.
    case syncFinished(pair: String, outcome: PairSyncOutcome, at: Duration)
    /// The loop stopped: every sync finished, nothing is watched.
    case stopped(at: Duration)

    public var description: String {
        switch self {
        case .watching(let pair, let root): "\(pair): watching \(root.path(percentEncoded: false))"
        case .watchFailed(let pair, let root, let reason):
            "\(pair): cannot watch \(root.path(percentEncoded: false)) (\(reason)); syncing at the interval"
        case .watchEvent(let pair, let root, let event): "\(pair): \(root.path(percentEncoded: false)): \(event)"
        case .syncStarted(let pair, let reason, _): "\(pair): sync started (\(reason.rawValue))"
        case .syncFinished(let pair, let outcome, _): "\(pair): \(outcome)"
        case .stopped: "stopped"
        }
    }
}

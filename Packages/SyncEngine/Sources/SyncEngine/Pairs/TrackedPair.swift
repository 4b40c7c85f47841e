public import Foundation

/// A registered pair as ``SyncManager/trackedPairs()`` found it through its folder's bookmark.
public enum TrackedPair: Sendable, Equatable {
    /// The folder is where the pair says (or the pair has no bookmark).
    case found(SyncPair)
    /// The folder was renamed beside its old path; the pair now names (and is registered with)
    /// the new path.
    case renamed(SyncPair, from: URL)
    /// The bookmark finds no folder: it is neither at its path nor renamed beside it. `reason` is
    /// one line.
    case gone(SyncPair, reason: String)

    /// The pair: as registered, or at its folder's new path when renamed.
    public var pair: SyncPair {
        switch self {
        case .found(let pair), .renamed(let pair, _), .gone(let pair, _): pair
        }
    }
}

public import Foundation

/// A pair a watch loop keeps in sync: its name, and the folders whose changes trigger a sync
/// (the local folder, and the container's folder when it is a local one).
public struct WatchedPair: Sendable, Equatable {
    /// The pair's name, as ``PairSyncing/sync(pair:)`` takes it.
    public let name: String
    /// The folders to watch.
    public let roots: [URL]

    /// Creates a watched pair.
    public init(name: String, roots: [URL]) {
        self.name = name
        self.roots = roots
    }
}

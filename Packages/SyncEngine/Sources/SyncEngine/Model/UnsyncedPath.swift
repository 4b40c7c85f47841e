public import FileTreeInterface

/// A path a sync leaves out of sync on purpose, and why: a name that is not valid UTF-8, a name
/// that collides with another by case or Unicode normalization, a file that cannot be read. The
/// rest of the pair syncs; a plan or report that holds one is not "in sync" (the CLI exits 1).
public struct UnsyncedPath: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The side it is on, or nil when it concerns both.
    public var side: SyncSide?
    /// The path (for a name that cannot be a path, the folder holding it).
    public var path: RelativePath
    /// Why it is not synced, in one line.
    public var reason: String

    /// Creates an entry.
    public init(side: SyncSide?, path: RelativePath, reason: String) {
        self.side = side
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "\(side.map { "\($0): " } ?? "")\(path.isRoot ? "." : path.text): \(reason)"
    }
}

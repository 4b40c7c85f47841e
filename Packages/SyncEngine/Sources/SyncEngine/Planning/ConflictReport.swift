public import FileTreeInterface

/// A path both sides changed differently, and what the plan does about it.
public struct ConflictReport: Sendable, Codable, Equatable {
    /// The kinds of conflict.
    public enum Kind: String, Sendable, Codable {
        /// Both sides changed the file's content differently.
        case bothModified
        /// A file on one side, a folder on the other.
        case fileAndFolder
        /// A name that differs from a name on the other side only by case or Unicode
        /// normalization; nothing is copied over it.
        case nameCollision
    }

    public var path: RelativePath
    public var kind: Kind
    /// Where the losing version is kept: a conflict copy's path, or nil when it went to the trash
    /// (or, for a name collision, when nothing was done).
    public var keptAs: RelativePath?
    /// What happened, in words.
    public var resolution: String

    /// Creates a report.
    public init(path: RelativePath, kind: Kind, keptAs: RelativePath?, resolution: String) {
        self.path = path
        self.kind = kind
        self.keptAs = keptAs
        self.resolution = resolution
    }
}

public import FileTreeInterface

/// How the archive changes for one path once the plan's actions for its group succeeded.
public struct RecordUpdate: Sendable, Codable, Equatable {
    /// The kind of change.
    public enum Change: String, Sendable, Codable {
        /// Store ``RecordUpdate/record`` as it is (nothing needs doing on disk).
        case set
        /// Look at both sides after the actions and record what is there.
        case refresh
        /// Drop the record (the path is gone on both sides).
        case remove
    }

    public var path: RelativePath
    public var change: Change
    /// The group whose actions must all succeed first.
    public var group: RelativePath
    /// The record to store, for `set`.
    public var record: ArchiveRecord?
    /// A digest known for the content, kept in the refreshed record.
    public var digest: ContentDigest?

    /// Creates an update.
    public init(path: RelativePath, change: Change, group: RelativePath, record: ArchiveRecord? = nil, digest: ContentDigest? = nil) {
        self.path = path
        self.change = change
        self.group = group
        self.record = record
        self.digest = digest
    }
}

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
    public var record: ArchiveRecord? {
        get { stored.first }
        set { stored = newValue.map { [$0] } ?? [] }
    }
    /// A digest known for the content, kept in the refreshed record.
    public var digest: ContentDigest?
    /// The record out of line (none or one): most updates of a big first sync are `refresh`
    /// and carry none, and an inline optional record would triple each update's size.
    private var stored: [ArchiveRecord]

    /// Creates an update.
    public init(
        path: RelativePath, change: Change, group: RelativePath, record: ArchiveRecord? = nil,
        digest: ContentDigest? = nil
    ) {
        self.path = path
        self.change = change
        self.group = group
        self.stored = record.map { [$0] } ?? []
        self.digest = digest
    }

    private enum CodingKeys: String, CodingKey {
        case path, change, group, record, digest
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(RelativePath.self, forKey: .path),
            change: try container.decode(Change.self, forKey: .change),
            group: try container.decode(RelativePath.self, forKey: .group),
            record: try container.decodeIfPresent(ArchiveRecord.self, forKey: .record),
            digest: try container.decodeIfPresent(ContentDigest.self, forKey: .digest))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(change, forKey: .change)
        try container.encode(group, forKey: .group)
        try container.encodeIfPresent(record, forKey: .record)
        try container.encodeIfPresent(digest, forKey: .digest)
    }
}

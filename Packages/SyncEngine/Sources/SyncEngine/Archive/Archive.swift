import FileTreeInterface
public import Foundation

/// This machine's record of both sides of a pair after its last successful sync, in a versioned
/// format. A missing archive means a first sync, which merges and never deletes.
public struct Archive: Sendable, Equatable {
    /// The format version written by this code.
    public static let currentVersion = 2

    /// The pair's name.
    public var pair: String
    /// A number that changes with every saved archive, so a plan made against an older archive is
    /// refused.
    public var generation: Int
    /// Records by path, in path order.
    public var records: ArchiveRecords
    /// Which copy of the container the records describe (its root marker's id, and the sequence
    /// this machine last saw there); nil in archives written before containers had ids.
    public var container: ContainerStamp?

    /// How the archive stands on disk, when it was read from there and not changed since other
    /// than by a sync's updates: what a save needs to add only what changed. Not part of `==`.
    var stored: StoredForm?

    /// An empty archive (a first sync).
    public init(
        pair: String, generation: Int = 0, records: ArchiveRecords = [:],
        container: ContainerStamp? = nil
    ) {
        self.pair = pair
        self.generation = generation
        self.records = records
        self.container = container
    }

    /// Archives are equal when their pair, generation, records and container are.
    public static func == (a: Archive, b: Archive) -> Bool {
        a.pair == b.pair && a.generation == b.generation && a.container == b.container && a.records == b.records
    }

    /// The archive's bytes (see ``ArchiveCodec`` for the format), records sorted by path.
    public func encoded() throws -> Data {
        ArchiveCodec.encode(self)
    }

    /// Decodes an archive.
    /// - Throws: ``ArchiveProblem`` when the bytes are not an archive, of another version, or of
    ///   another pair.
    public static func decode(_ data: Data, pair: String) throws -> Archive {
        try ArchiveCodec.decode(data, pair: pair)
    }
}

/// An archive as read from its files: the archive file's size, and the journal after it
/// (``ArchiveJournal``).
struct StoredForm: Sendable, Equatable {
    /// The generation the files hold (the archive file's, then each journal segment's).
    var generation: Int
    /// The archive file's size.
    var baseBytes: Int
    /// The journal's size (0 when there is none).
    var journalBytes: Int
    /// Whether the journal may be added to: absent, or read whole with every segment replayed.
    var journalClean: Bool
}

/// Why a stored archive cannot be used. Reported, then the sync runs as a first sync.
public enum ArchiveProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case corrupt(String)
    case unsupportedVersion(Int)

    public var description: String {
        switch self {
        case .corrupt(let reason): "the archive is damaged (\(reason))"
        case .unsupportedVersion(let version): "the archive has version \(version), which this version does not read"
        }
    }
}

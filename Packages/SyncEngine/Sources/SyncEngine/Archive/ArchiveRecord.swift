public import FileTreeInterface

/// What one side looked like after the last successful sync of a path.
public struct SideSnapshot: Sendable, Codable, Hashable {
    public var size: Int64
    public var modificationNanoseconds: Int64
    public var identity: FileIdentity
    /// Permission bits (at most `0o777`), or nil when unknown (a record of an archive written
    /// before modes were kept): then a mode change is not propagated.
    public var permissions: UInt32?

    /// A snapshot from its parts.
    public init(size: Int64, modificationNanoseconds: Int64, identity: FileIdentity, permissions: UInt32? = nil) {
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.identity = identity
        self.permissions = permissions
    }

    /// The snapshot of a scanned entry. A folder's time is not kept: it changes whenever its
    /// contents do, and its contents are tracked path by path.
    public init(_ entry: TreeEntry) {
        size = entry.size
        modificationNanoseconds = entry.kind == .directory ? 0 : entry.modificationNanoseconds
        identity = entry.identity
        permissions = entry.permissions & 0o777
    }

    /// Whether this is the snapshot `entry` gives (for a folder: size and identity, its time not
    /// being kept), permission bits included.
    public func describes(_ entry: TreeEntry) -> Bool {
        // Field by field, as `self == SideSnapshot(entry)` would compare them, without building one.
        size == entry.size && identity == entry.identity && permissions == entry.permissions & 0o777
            && modificationNanoseconds == (entry.kind == .directory ? 0 : entry.modificationNanoseconds)
    }

    /// Whether `entry` still looks exactly like this snapshot (size, time and identity; its
    /// permission bits are compared by ``modeChanged(_:)``).
    public func matches(_ entry: TreeEntry) -> Bool {
        entry.size == size && entry.modificationNanoseconds == modificationNanoseconds && entry.identity == identity
    }
}

/// The archive's record of one path: both sides were equal with this content after the last sync.
public struct ArchiveRecord: Sendable, Codable, Hashable {
    public var path: RelativePath
    public var size: Int64
    /// The content's digest, when it was computed; nil when it was never needed.
    public var digest: ContentDigest?
    // The kind after the digest's 17 bytes, in their padding: 136 bytes a record, not 144.
    public var kind: EntryKind
    public var local: SideSnapshot
    public var container: SideSnapshot

    /// Creates a record.
    public init(
        path: RelativePath, kind: EntryKind, size: Int64, digest: ContentDigest?, local: SideSnapshot,
        container: SideSnapshot
    ) {
        self.path = path
        self.kind = kind
        self.size = size
        self.digest = digest
        self.local = local
        self.container = container
    }

    /// The snapshot of one side.
    public func snapshot(_ side: SyncSide) -> SideSnapshot { side == .local ? local : container }
}

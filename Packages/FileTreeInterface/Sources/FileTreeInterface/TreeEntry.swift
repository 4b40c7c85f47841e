/// What kind of entry a path names.
public enum EntryKind: String, Sendable, Codable, Hashable {
    case file
    case directory
    case symbolicLink
}

/// One entry of a scanned tree, with the metadata change detection needs.
public struct TreeEntry: Hashable, Sendable, Codable {
    /// The entry's path inside the scanned root.
    public let path: RelativePath
    /// Size in bytes (0 for folders).
    public let size: Int64
    /// Modification time in nanoseconds since 1970, saturated: `Int64.max` for any time after
    /// 2262-04-11, `Int64.min` for any before 1677-09-21 (a copy still keeps its source's real
    /// time on disk, so both sides read alike).
    public let modificationNanoseconds: Int64
    public let identity: FileIdentity
    /// Permission bits, at most `0o777`: set-user-ID, set-group-ID and sticky bits never travel,
    /// so scanners do not report them.
    public let permissions: UInt32
    // The kind after the 4-byte bits, in their padding: an entry takes 80 bytes, not 88 (a scan
    // of 100,000 entries, 0.8 MiB less).
    public let kind: EntryKind
    /// A symbolic link's target text (never followed); nil for other kinds.
    public let linkTarget: String?

    /// Creates an entry.
    public init(
        path: RelativePath, kind: EntryKind, size: Int64, modificationNanoseconds: Int64, identity: FileIdentity,
        permissions: UInt32, linkTarget: String? = nil
    ) {
        self.path = path
        self.kind = kind
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.identity = identity
        self.permissions = permissions
        self.linkTarget = linkTarget
    }

    /// The same entry under another path (what a rename leaves).
    public func moved(to path: RelativePath) -> TreeEntry {
        TreeEntry(
            path: path, kind: kind, size: size, modificationNanoseconds: modificationNanoseconds, identity: identity,
            permissions: permissions, linkTarget: linkTarget)
    }

    /// Whether `other` describes the same unchanged entry (kind, size, time and identity).
    public func isUnchanged(comparedTo other: TreeEntry) -> Bool {
        kind == other.kind && size == other.size && modificationNanoseconds == other.modificationNanoseconds
            && identity == other.identity && linkTarget == other.linkTarget
    }
}

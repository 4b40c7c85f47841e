import FileTreeInterface

/// How one side of one path changed since the archive.
enum Change: Equatable {
    /// Not there now, not in the archive.
    case absent
    /// As archived. `refresh` is true when only metadata changed (same content, new time or
    /// identity), so the record must be updated.
    case unchanged(refresh: Bool)
    case created
    case modified
    case deleted
}

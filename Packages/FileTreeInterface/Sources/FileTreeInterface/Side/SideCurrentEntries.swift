/// A side whose ``SideListing/entry(at:)`` may answer from what its run has already seen (its
/// changes are conditional on that, so a change since is refused by the change itself), and that
/// can also look at an entry as it is now: for a caller whose decision no change of the side
/// checks again, such as whether another copy of a version still exists before the trash's
/// expiry removes it.
///
/// ```swift
/// let now = try (side as? any SideCurrentEntries)?.currentEntry(at: path) ?? side.entry(at: path)
/// ```
public protocol SideCurrentEntries: Sendable {
    /// The entry at `path` as the side holds it now (asked of the storage, never answered from
    /// what the run saw), or nil when nothing is there.
    /// - Throws: as ``SideListing/entry(at:)``.
    func currentEntry(at path: RelativePath) throws -> TreeEntry?
}

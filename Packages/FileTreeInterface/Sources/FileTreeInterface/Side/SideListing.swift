/// Lists one side of a sync: the tree below the root the side was opened at.
///
/// Implementations promise what ``TreeScanning`` promises: links are reported and never
/// followed, entries come in ``RelativePath`` order, and what cannot be read is a
/// ``ScanProblem``, never silently absent.
public protocol SideListing: Sendable {
    /// Every entry below the side's root (not the root itself).
    /// - Parameter excluding: entries for which it returns true are left out, and a left-out
    ///   folder is not entered (so a caller can list one folder's subtree cheaply).
    /// - Returns: the entries and the problems met.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when the root is missing or not a folder.
    func scan(excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan

    /// The entry at `path` now, or nil when nothing is there; ``RelativePath/root`` gives the
    /// root's own entry. A side whose changes are conditional on what it reported
    /// (``SideCapabilities/Features/conditionalWrites``) may answer from what this run saw; it
    /// then conforms to ``SideCurrentEntries`` for a look at the entry as it is now.
    /// - Throws: ``TreeError`` when the path cannot be examined (``TreeError/notAFolder(_:)`` for
    ///   a file or a link on the way, ``TreeError/rootUnavailable(_:reason:)``).
    func entry(at path: RelativePath) throws -> TreeEntry?
}

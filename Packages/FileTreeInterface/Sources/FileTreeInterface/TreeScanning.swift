public import Foundation

/// Lists a tree with the metadata change detection needs.
///
/// Implementations promise: symbolic links are reported as links and never followed; entries are
/// sorted by ``RelativePath`` order; a folder that cannot be listed is reported in
/// ``TreeScan/problems``, never silently read as empty.
///
/// ```swift
/// let scan = try scanner.scan(root: localFolder) { path, kind in path.name.hasPrefix(".synccli") }
/// ```
public protocol TreeScanning: Sendable {
    /// Every entry below `root` (not `root` itself).
    /// - Parameters:
    ///   - root: the tree's root folder.
    ///   - excluding: entries for which it returns true are left out, and a left-out folder is not
    ///     entered.
    /// - Returns: the entries and the problems met.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` is missing or not a folder.
    func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan

    /// The entry at one path now, or nil when nothing is there (for re-checking a plan).
    /// - Throws: ``TreeError`` when the path cannot be examined (a folder on the way is a file or
    ///   a link: ``TreeError/notAFolder(_:)``).
    func entry(at path: RelativePath, in root: URL) throws -> TreeEntry?
}

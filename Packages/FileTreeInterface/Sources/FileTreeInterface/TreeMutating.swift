public import Foundation

/// Changes the shape of a tree: folders, removals, moves. Every path is relative to a root, and
/// implementations never follow a symbolic link on the way, so no call can touch anything outside
/// its root. Each completed change is durable (the folder is synced).
public protocol TreeMutating: Sendable {
    /// Creates a folder (its parent must exist).
    /// - Throws: ``TreeError/alreadyExists(_:)``, ``TreeError/notFound(_:)`` (parent missing),
    ///   ``TreeError/notAFolder(_:)``.
    func makeDirectory(_ path: RelativePath, in root: URL) throws

    /// Removes a file, a symbolic link, or an empty folder.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/folderNotEmpty(_:)``.
    func removeItem(_ path: RelativePath, in root: URL) throws

    /// Removes a folder only if it is empty; anything else at the path (a file, a link, a folder
    /// that gained contents) is left exactly as it is. Sync uses this, never ``removeItem(_:in:)``,
    /// for folders, so an entry that took the folder's name meanwhile is never destroyed.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/folderNotEmpty(_:)``,
    ///   ``TreeError/notAFolder(_:)`` (not a folder).
    func removeEmptyFolder(_ path: RelativePath, in root: URL) throws

    /// Moves an entry within one root; never replaces an existing destination.
    /// - Throws: ``TreeError/notFound(_:)`` (source or destination folder missing),
    ///   ``TreeError/alreadyExists(_:)``.
    func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws
}

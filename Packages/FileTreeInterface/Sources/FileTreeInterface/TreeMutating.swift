public import Foundation

/// Changes the shape of a tree: folders, removals, moves. Every path is relative to a root, and
/// implementations never follow a symbolic link on the way, so no call can touch anything outside
/// its root.
///
/// Durability: every completed change is durable once ``flush(_:)`` has returned for its root.
/// An implementation may make each change durable as it completes (the default Live one does),
/// or leave many to one flush; a caller that needs a change to survive a crash calls
/// ``flush(_:)`` before relying on it.
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

    /// Makes every change completed so far below `root` durable.
    /// - Throws: ``TreeError/rootUnavailable(_:)``, ``TreeError/io(path:code:message:)`` (a
    ///   write-back failed: earlier changes may be lost).
    func flush(_ root: URL) throws
}

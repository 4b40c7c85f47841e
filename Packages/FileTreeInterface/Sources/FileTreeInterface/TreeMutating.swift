public import Foundation

/// Changes the shape of a tree: folders, removals, moves, permission bits. Every path is relative
/// to a root, and implementations never follow a symbolic link on the way, so no call can touch
/// anything outside its root.
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
    ///   ``TreeError/alreadyExists(_:)``, ``TreeError/io(path:code:message:)`` naming the source
    ///   with `EXDEV` when a mount point lies between source and destination (a move cannot
    ///   cross file systems: copy, or keep a trash per file system).
    func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws

    /// Sets the permission bits of the file or folder at `path`, masked to `0o777`: set-user-ID,
    /// set-group-ID and sticky bits are never set. A symbolic link at `path` is refused, never
    /// followed (its target keeps its bits), and so is any other kind of entry. The modification
    /// time and identity stay as they are. Sync uses this to carry a mode-only change.
    /// - Parameters:
    ///   - permissions: the wanted bits; anything above `0o777` is dropped.
    ///   - path: the entry below `root` (never the root itself: ``TreeError/unsafePath(_:)``).
    ///   - root: the tree.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/notAFolder(_:)`` (a file or a link on the
    ///   way), ``TreeError/io(path:code:message:)`` with `ELOOP` (a symbolic link at `path`) or
    ///   `EINVAL` (a device, socket or pipe), ``TreeError/rootUnavailable(_:reason:)``.
    func setPermissions(_ permissions: UInt32, of path: RelativePath, in root: URL) throws

    /// Makes every change completed so far below `root` durable.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)``, ``TreeError/io(path:code:message:)`` (a
    ///   write-back failed: earlier changes may be lost).
    func flush(_ root: URL) throws
}

/// Changes the shape of one side: folders, removals, moves, permission bits, and a flush that
/// makes them durable. Paths are relative to the side's root; nothing outside it is reached.
///
/// Each requirement behaves as its ``TreeMutating`` counterpart does for the side's root, with
/// one difference: a move that cannot cross a mount point is ``TreeError/crossDevice(_:)``.
public protocol SideChanging: Sendable {
    /// Creates a folder (its parent must exist).
    /// - Throws: ``TreeError/alreadyExists(_:)``, ``TreeError/notFound(_:)``, ``TreeError/notAFolder(_:)``.
    func makeDirectory(_ path: RelativePath) throws

    /// Removes a file, a symbolic link, or an empty folder.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/folderNotEmpty(_:)``.
    func removeItem(_ path: RelativePath) throws

    /// Removes a folder only if it is empty; anything else at the path is left as it is.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/folderNotEmpty(_:)``, ``TreeError/notAFolder(_:)``.
    func removeEmptyFolder(_ path: RelativePath) throws

    /// Moves an entry within the side; never replaces an existing destination.
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/alreadyExists(_:)``,
    ///   ``TreeError/crossDevice(_:)`` (naming the source) when the move would cross a mount point.
    func moveItem(_ source: RelativePath, to destination: RelativePath) throws

    /// Sets the permission bits of a file or folder, masked to `0o777`; a link is refused.
    /// - Throws: what ``TreeMutating/setPermissions(_:of:in:)`` throws.
    func setPermissions(_ permissions: UInt32, of path: RelativePath) throws

    /// Makes every change completed so far on this side durable.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)``, ``TreeError/io(path:code:message:)``.
    func flush() throws
}

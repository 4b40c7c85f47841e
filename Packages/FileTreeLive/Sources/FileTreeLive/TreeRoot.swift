#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileTreeInterface
import Foundation
import POSIXSupport

/// A tree's root folder, opened once, and paths inside it resolved one component at a time.
///
/// The root's own path is trusted (a link in it is followed, as the user chose the folder); below
/// it, every folder is opened with `openat(O_NOFOLLOW|O_DIRECTORY)` relative to its parent, so a
/// symbolic link (or a file) on the way stops the walk with ``TreeError/notAFolder(_:)`` and
/// nothing outside the root is ever reached.
struct TreeRoot: ~Copyable {
    /// The open root folder.
    let folder: FileDescriptor

    /// Opens the root.
    /// - Throws: ``TreeError/rootUnavailable(_:)`` when it is missing, not a folder or unreadable.
    init(_ url: URL) throws(TreeError) {
        let path = url.path(percentEncoded: false)
        do {
            folder = try FileDescriptor.directory(path)
        } catch {
            throw .rootUnavailable(path)
        }
    }

    /// Runs `body` with the open folder that holds `path` (the root itself for a top-level name).
    /// - Parameters:
    ///   - path: a path below the root; its folders are walked, its last component is not.
    ///   - body: gets the parent folder; the descriptor is closed afterwards.
    /// - Throws: for the walk, errors naming `path`: ``TreeError/notFound(_:)`` (a folder is
    ///   missing), ``TreeError/notAFolder(_:)`` (a file or a symbolic link is on the way),
    ///   ``TreeError/io(path:code:message:)``; then what `body` throws.
    func withParent<T>(of path: RelativePath, _ body: (borrowing FileDescriptor) throws -> T) throws -> T {
        try withFolder(path.parent, naming: path, body)
    }

    /// Runs `body` with the open folder `folder` (the root itself for the root path).
    /// - Parameters:
    ///   - folder: a folder below the root; every component is walked.
    ///   - path: the path errors of the walk name.
    ///   - body: gets the folder; the descriptor is closed afterwards.
    /// - Throws: the walk's errors as for ``withParent(of:_:)``, then what `body` throws.
    func withFolder<T>(
        _ folder: RelativePath, naming path: RelativePath, _ body: (borrowing FileDescriptor) throws -> T
    ) throws -> T {
        guard let first = folder.components.first else { return try body(self.folder) }
        var current = try Self.open(first, in: self.folder, naming: path)
        for name in folder.components.dropFirst() {
            current = try Self.open(name, in: current, naming: path)
        }
        return try body(current)
    }

    private static func open(
        _ name: String, in parent: borrowing FileDescriptor, naming path: RelativePath
    ) throws(TreeError) -> FileDescriptor {
        do {
            return try FileDescriptor.folder(named: name, in: parent)
        } catch {
            throw TreeError(error, path: path)
        }
    }
}

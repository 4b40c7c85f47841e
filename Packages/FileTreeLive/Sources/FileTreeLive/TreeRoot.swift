import FileTreeInterface
import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree's root folder, open, and paths inside it resolved one component at a time.
///
/// The root's parent path is trusted (a link in it is followed, as the user chose the folder);
/// the root's own last component is opened with `openat(O_NOFOLLOW|O_DIRECTORY)`, so a root that
/// is a symbolic link is refused (``TreeError/rootUnavailable(_:reason:)`` with
/// ``TreeError/RootProblem/symbolicLink``), never followed. Below it, every folder is opened the
/// same way relative to its parent, so a symbolic link (or a file) on the way stops the walk with
/// ``TreeError/notAFolder(_:)`` and nothing outside the root is ever reached.
///
/// A ``RootDescriptors`` set opens each root this way once and works in that same folder
/// afterwards.
struct TreeRoot {
    /// An open root folder, shared by every call that works in it (closed when the last lets go).
    final class OpenFolder: Sendable {
        let folder: FileDescriptor

        init(_ folder: consuming FileDescriptor) {
            self.folder = folder
        }
    }

    private let root: OpenFolder

    /// Works in an open root folder.
    init(_ root: OpenFolder) {
        self.root = root
    }

    /// The open root folder, shared: for calls relative to it (`openat`, `fstatat`, `renameat`,
    /// `fsync`), never for reading its entries (its reading position is everyone's: see
    /// ``forListing()``).
    var folder: FileDescriptor {
        _read { yield root.folder }
    }

    /// A descriptor of the root folder of its own (`openat(fd, ".")`), with its own reading
    /// position, so two listings at once do not disturb each other.
    /// - Throws: ``SystemCallError`` when it cannot be opened.
    func forListing() throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(opening: ".", in: root.folder, flags: O_RDONLY | O_DIRECTORY)
    }

    /// The path a root's descriptor is kept under: `url`'s path without `.` and `..` components
    /// (resolved as text, no link followed) or trailing slashes.
    ///
    /// Remembered for each URL whose text alone decides it: every call about a root asks, and
    /// standardizing the URL each time cost 26,000 instructions, a tenth of a sync that changed
    /// 1,000 files. A path with a `..` component or under `/private` is worked out afresh each
    /// time, as Foundation then looks at the disk (it follows the links before a `..`, and drops
    /// `/private` where the shorter path exists), and what is there can change.
    static func key(of url: URL) -> String {
        if let known = keys.withLock({ $0[url] }) { return known }
        var path = Substring(url.standardizedFileURL.path(percentEncoded: false))
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        let key = String(path)
        let given = url.path(percentEncoded: false)
        guard !given.split(separator: "/").contains(".."), !given.hasPrefix("/private") else { return key }
        keys.withLock { keys in
            if keys.count >= 64 { keys.removeAll() }  // a long-lived process naming many roots
            keys[url] = key
        }
        return key
    }

    /// The keys worked out so far, by URL.
    private static let keys = Mutex<[URL: String]>([:])

    /// Opens the root folder at `url` as ``init(_:)`` describes.
    static func openFolder(_ url: URL) throws(TreeError) -> FileDescriptor {
        let shown = url.path(percentEncoded: false)
        let path = key(of: url)
        guard let slash = path.lastIndex(of: "/"), path != "/" else {
            do {
                return try FileDescriptor.directory(path)  // "/" (or a bare relative name: no parent to hold)
            } catch {
                throw .rootUnavailable(shown)
            }
        }
        let parentPath = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        let parent: FileDescriptor
        do {
            parent = try FileDescriptor.directory(parentPath)
        } catch {
            throw .rootUnavailable(shown)
        }
        do {
            return try FileDescriptor.folder(named: name, in: parent)
        } catch {
            if (try? FileStatus.of(name, in: parent))?.kind == .symbolicLink {
                throw .rootUnavailable(shown, reason: .symbolicLink)
            }
            throw .rootUnavailable(shown)
        }
    }

    /// Runs `body` with the open folder that holds `path` (the root itself for a top-level name).
    /// - Parameters:
    ///   - path: a path below the root; its folders are walked, its last component is not.
    ///   - body: gets the parent folder (the folders the walk opened are closed afterwards; the
    ///     root's descriptor is shared and stays open).
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
    ///   - body: gets the folder (the folders the walk opened are closed afterwards; the root's
    ///     descriptor is shared and stays open).
    /// - Throws: the walk's errors as for ``withParent(of:_:)``, then what `body` throws.
    func withFolder<T>(
        _ folder: RelativePath, naming path: RelativePath, _ body: (borrowing FileDescriptor) throws -> T
    ) throws -> T {
        guard let first = folder.components.first else { return try body(root.folder) }
        var current = try Self.open(first, in: root.folder, naming: path)
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

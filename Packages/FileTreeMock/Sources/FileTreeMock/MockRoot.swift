import FileTreeInterface
import Foundation
import InMemorySupport

/// One root of an ``InMemoryTree`` and the paths below it, resolved as the Live walk resolves
/// them: every folder on the way must be a folder (a symbolic link is never followed).
struct MockRoot {
    /// The root's key in the tree.
    let key: PathKey

    /// Checks the root exists and is a folder, or finds the folder `roots` kept for it.
    ///
    /// As the Live one opens a root's parent by path (the user chose the folder) and only the
    /// root's own last component without following a link, links in the folders above the root
    /// are followed (``resolvingLinks(_:in:)``) and a link as the root is refused.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)``, with ``TreeError/RootProblem/symbolicLink``
    ///   when the root is a symbolic link (never followed, as the Live one refuses it).
    init(_ url: URL, in tree: InMemoryTree, roots: MockRootRegistry) throws(TreeError) {
        let given = PathKey(url)
        if let folder = roots.keptFolder(for: given, in: tree) {
            self.init(key: folder)  // opened before: the same folder, wherever it is now
            return
        }
        try self.init(url, in: tree)
        if let identity = tree.entry(at: key)?.identity { roots.keep(identity, for: given) }
    }

    private init(key: PathKey) {
        self.key = key
    }

    /// Finds the root by path, as a first call does (see ``init(_:in:roots:)``).
    private init(_ url: URL, in tree: InMemoryTree) throws(TreeError) {
        let given = PathKey(url)
        if given == .root {
            key = given
        } else if let parent = Self.resolvingLinks(given.parent, in: tree) {
            key = parent.appending(given.nameBytes)
        } else {
            throw .rootUnavailable(url.path(percentEncoded: false))
        }
        switch tree.entry(at: key)?.kind {
        case .directory?: return
        case .symbolicLink?: throw .rootUnavailable(url.path(percentEncoded: false), reason: .symbolicLink)
        default: throw .rootUnavailable(url.path(percentEncoded: false))
        }
    }

    /// The absolute URL of `path` below `root`, for the journal and for faults by path.
    static func url(of path: RelativePath, in root: URL) -> URL {
        key(of: path, below: PathKey(root)).url
    }

    /// The key of `path` below this root.
    func key(of path: RelativePath) -> PathKey {
        Self.key(of: path, below: key)
    }

    private static func key(of path: RelativePath, below base: PathKey) -> PathKey {
        path.components.reduce(base) { $0.appending(Array($1.utf8)) }
    }

    /// Checks every folder on the way to `path` is an existing folder.
    /// - Throws: ``TreeError/notFound(_:)`` or ``TreeError/notAFolder(_:)``, naming `path`; `io`
    ///   with `ENAMETOOLONG` for a folder name over 255 bytes, met where the walk reaches it.
    func checkParent(of path: RelativePath, in tree: InMemoryTree) throws(TreeError) {
        var current = key
        for name in path.components.dropLast() {
            if name.utf8.count > InMemoryTree.maximumNameLength { throw .io(path, ENAMETOOLONG) }
            current = current.appending(Array(name.utf8))
            guard let entry = tree.entry(at: current) else { throw .notFound(path) }
            guard entry.isDirectory else { throw .notAFolder(path) }
        }
    }

    /// Checks the walk to `path` and its own name as a lookup on disk does: ``checkParent(of:in:)``,
    /// then `io` with `ENAMETOOLONG` for a name over 255 bytes (which no folder can hold, so the
    /// disk reports it instead of "nothing there").
    func checkPath(_ path: RelativePath, in tree: InMemoryTree) throws(TreeError) {
        try checkParent(of: path, in: tree)
        if path.name.utf8.count > InMemoryTree.maximumNameLength { throw .io(path, ENAMETOOLONG) }
    }

    /// The entry at `path`, or nil when nothing is there (the folders on the way are not checked).
    /// - Throws: `io` with `EINVAL` for a pipe, socket or device, which is no kind of entry sync
    ///   touches (as the Live one refuses it).
    func entry(at path: RelativePath, in tree: InMemoryTree) throws(TreeError) -> TreeEntry? {
        guard let record = tree.entry(at: key(of: path)) else { return nil }
        guard let entry = TreeEntry(path: path, record) else { throw .io(path, EINVAL) }
        return entry
    }
}

extension TreeEntry {
    /// The entry for `path` from the in-memory tree's record, with the Live's conventions:
    /// identity the words `(1, <the tree's counter for the entry>)`, folders of size 0, a
    /// link's size the length of its target, permissions without set-user-ID, set-group-ID and
    /// sticky bits; nil for a pipe, socket or device, which sync never touches.
    init?(path: RelativePath, _ entry: InMemoryEntry) {
        let kind: EntryKind
        let size: Int
        var target: String?
        switch entry.kind {
        case .file(let data):
            kind = .file
            size = data.count
        case .directory:
            kind = .directory
            size = 0
        case .symbolicLink(let text):
            kind = .symbolicLink
            size = text.utf8.count
            target = text
        case .special:
            return nil
        }
        self.init(
            path: path, kind: kind, size: Int64(size), modificationNanoseconds: entry.modificationNanoseconds,
            identity: FileIdentity(high: 1, low: entry.identity), permissions: entry.permissions & 0o777,
            linkTarget: target)
    }
}

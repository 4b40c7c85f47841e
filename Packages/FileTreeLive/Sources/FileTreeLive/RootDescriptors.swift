import FileTreeInterface
import Foundation
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The root folders a scanner, a mutator and a copier work in, each opened once and then used by
/// descriptor: share one set between the three made for one `SyncManager`.
///
/// The first call about a root opens it by path (its last component without following a link,
/// so a root that is a symbolic link is refused); every later call about the same path works in
/// that same open folder, by its descriptor (a listing of the root itself through a fresh one,
/// `openat(fd, ".")`, with a reading position of its own). So once a sync has looked at a root,
/// swapping the folder at that path for a symbolic link or for another folder sends none of its
/// reads or writes elsewhere: they keep going to the folder it first opened, wherever that
/// folder has been moved.
///
/// Lifetime:
/// - Only successful opens are kept: a root that is missing now (a first sync's pair folder,
///   before it is made) is tried again by path on the next call.
/// - A kept folder stays open until the set is released (with the last scanner, mutator and
///   copier holding it); for `synccli` that is the end of the process.
/// - A kept folder that has been removed is dropped, and the path opened afresh (again refusing
///   a link) on the next call. A kept folder that was moved away is still used where it went:
///   make a new set (a new `SyncManager`) to pick up whatever folder is at the path now.
///
/// ```swift
/// let roots = RootDescriptors()
/// let scanner = POSIXTreeScanner(roots: roots)
/// let mutator = POSIXTreeMutator(syncingEachChange: false, roots: roots)
/// let copier = POSIXFileCopier(roots: roots)
/// ```
public final class RootDescriptors: Sendable {
    private let open = Mutex<[String: TreeRoot.OpenFolder]>([:])

    /// Creates an empty set; roots are opened as calls first name them.
    public init() {}

    /// How many root folders the set holds open.
    public var count: Int { open.withLock { $0.count } }

    /// The root folder at `url`, opened and kept on first use.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` (missing, not a folder, a symbolic
    ///   link, or removed since it was kept and nothing usable at its path now).
    func tree(_ url: URL) throws(TreeError) -> TreeRoot {
        let key = TreeRoot.key(of: url)
        if let kept = open.withLock({ $0[key] }) {
            if (try? kept.folder.isRemoved()) == false { return TreeRoot(kept) }
            open.withLock { roots in if roots[key] === kept { roots[key] = nil } }  // removed: try the path again
        }
        let opened = TreeRoot.OpenFolder(try TreeRoot.openFolder(url))
        let kept = open.withLock { roots in
            if let earlier = roots[key] { return earlier }  // another call opened it meanwhile: use one folder
            roots[key] = opened
            return opened
        }
        return TreeRoot(kept)
    }
}

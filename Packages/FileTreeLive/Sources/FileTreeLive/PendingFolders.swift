import FileTreeInterface
import Foundation
import Synchronization

/// What a mutator that leaves durability to its flush has changed since that flush, root by
/// root: the folders whose entries changed, or "too much to list" (then the flush syncs the whole
/// file system, as it always did).
final class PendingFolders: Sendable {
    enum Changes: Equatable, Sendable {
        /// These folders' entries changed (the root itself is `.root`).
        case folders(Set<RelativePath>)
        /// More than ``folderLimit`` folders, or a change a folder's sync does not cover (an
        /// entry's own permissions).
        case everything
    }

    /// The most folders a flush syncs one by one; past it, one `syncfs` costs less.
    static let folderLimit = 64

    private let pending = Mutex<[String: (root: URL, changes: Changes)]>([:])

    /// Records that the entries of `folders` changed under `root`.
    func record(_ folders: [RelativePath], in root: URL) {
        record(.folders(Set(folders)), in: root)
    }

    /// Records a change under `root` that only a sync of the whole file system covers.
    func recordEverything(in root: URL) {
        record(.everything, in: root)
    }

    /// Adds `changes` to what is pending under `root` (also how a failed flush puts back what it
    /// took).
    func record(_ changes: Changes, in root: URL) {
        pending.withLock { pending in
            let key = TreeRoot.key(of: root)
            switch (pending[key]?.changes ?? .folders([]), changes) {
            case (.folders(let known), .folders(let more)):
                let all = known.union(more)
                pending[key] = (root, all.count > Self.folderLimit ? .everything : .folders(all))
            default:
                pending[key] = (root, .everything)
            }
        }
    }

    /// Every root's changes so far, forgotten here (a failed flush records them again).
    func take() -> [(root: URL, changes: Changes)] {
        pending.withLock { pending in
            defer { pending = [:] }
            return pending.keys.sorted().compactMap { pending[$0] }
        }
    }
}

public import FileTreeInterface
import Foundation
import LockInterface

extension SyncManager {
    /// Puts a trashed version back, at its old path or at `destination`, on `side` (nil: the side
    /// whose trash holds it); the next sync copies it to the other side. A version on the same
    /// side is moved out of the trash; one from the other side's trash is copied (atomically,
    /// never replacing anything), and its trashed copy stays where it is. Missing folders on the
    /// way are created.
    /// - Throws: ``SyncError/pairLocked(holder:)`` while a sync of the pair holds its lock (on this
    ///   machine, or on another through a server container); ``SyncError/io(path:underlying:)``
    ///   when something is already at the destination (underlying `TreeError.alreadyExists`: it
    ///   is never replaced) or the move or copy fails.
    public func restore(
        _ item: TrashItem, of pair: SyncPair, to destination: RelativePath? = nil, onto side: SyncSide? = nil
    ) throws {
        // A restore changes a side as a sync does: it holds the same locks (this machine's pair
        // lock, and the container's where other machines reach it directly), and is refused the
        // same way while a sync holds them.
        let lock = try acquireLock(pair)
        defer { lock.release() }
        let shared = try acquireContainerLock(pair)
        defer { shared?.release() }
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        let targetSide = side ?? item.side
        let into = sides[targetSide]
        let target = destination ?? item.originalPath
        do {
            var folder = RelativePath.root
            for name in target.parent.components {
                folder = try folder.appending(name)
                do {
                    try into.makeDirectory(folder)
                } catch TreeError.alreadyExists {
                    continue
                }
            }
            if targetSide == item.side {
                try into.moveItem(item.trashPath, to: target)
            } else {
                let source = sides[item.side]
                guard let expected = try source.entry(at: item.trashPath), expected.kind == .file else {
                    throw TreeError.notFound(item.trashPath)
                }
                _ = try into.copyFile(item.trashPath, from: source, expected: expected, to: target)
            }
            try into.flush()
        } catch {
            throw SyncError.wrap(
                error, path: sides.root(targetSide).appending(path: target.text).path(percentEncoded: false))
        }
    }
}

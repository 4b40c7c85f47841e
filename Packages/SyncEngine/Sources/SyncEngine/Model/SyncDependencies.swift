import FileAccessorInterface
import FileSystemInterface
import FileTreeInterface
import LockInterface

/// Everything outside the engine it talks to, each behind its protocol.
struct SyncDependencies: Sendable {
    var fileSystem: any FileSystemProviding
    /// This machine's own files in the state folder (archives, the pair list).
    var fileAccessor: any FileAccessorProviding
    /// Both sides of every pair, the container root and the state folder's tree.
    var sides: any SideOpening
    var locking: any PairLocking
    /// Each pair's folder bookmark; nil: pairs are found by their paths alone.
    var bookmarks: PairBookmarks?
}

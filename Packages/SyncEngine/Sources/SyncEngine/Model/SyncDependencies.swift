import FileAccessorInterface
import FileSystemInterface
import FileTreeInterface
import LockInterface

/// Everything outside the engine it talks to, each behind its protocol.
struct SyncDependencies: Sendable {
    var fileSystem: any FileSystemProviding
    var fileAccessor: any FileAccessorProviding
    var scanner: any TreeScanning
    var mutator: any TreeMutating
    var copier: any FileCopying
    var locking: any PairLocking
}

public import FileAccessorInterface
public import FileAccessorLive
public import FileSystemInterface
public import FileSystemLive
public import FileTreeInterface
public import FileTreeLive
public import LockInterface
public import LockLive
public import SyncEngine

extension SyncManager {
    /// The guide's initializer: every dependency defaults to its Live implementation, so
    /// production code writes `SyncManager()` and a test replaces only what it needs
    /// (`SyncManager(fileSystem: mock)`, `SyncManager(fileAccessor: mock)`, both ...).
    ///
    /// The environment is this machine's (``SyncEnvironment/live()``). Passing every dependency
    /// and an environment calls the engine's own initializer instead.
    /// - Parameters:
    ///   - fileSystem: finds the container; `DefaultFileSystemProvider()` by default.
    ///   - fileAccessor: reads and writes the engine's files; `DefaultFileAccessor()` by default.
    ///   - scanner: lists trees; `POSIXTreeScanner()` by default.
    ///   - mutator: changes trees; `POSIXTreeMutator(syncingEachChange: false)` by default (the
    ///     engine flushes each root once, before it saves the archive).
    ///   - copier: copies files; `POSIXFileCopier()` by default.
    ///   - locking: one process per pair; `FileLock()` by default.
    public init(
        fileSystem: any FileSystemProviding = DefaultFileSystemProvider(),
        fileAccessor: any FileAccessorProviding = DefaultFileAccessor(),
        scanner: any TreeScanning = POSIXTreeScanner(),
        mutator: any TreeMutating = POSIXTreeMutator(syncingEachChange: false),
        copier: any FileCopying = POSIXFileCopier(),
        locking: any PairLocking = FileLock()
    ) {
        self.init(
            fileSystem: fileSystem, fileAccessor: fileAccessor, scanner: scanner, mutator: mutator, copier: copier,
            locking: locking, environment: .live())
    }
}

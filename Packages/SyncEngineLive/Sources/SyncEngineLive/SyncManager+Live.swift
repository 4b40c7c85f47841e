public import BookmarkInterface
public import BookmarkLive
public import FileAccessorInterface
public import FileAccessorLive
public import FileSystemInterface
public import FileSystemLive
public import FileTreeInterface
import FileTreeLive
import Foundation
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
    ///   - scanner: lists trees; by default a `POSIXTreeScanner`.
    ///   - mutator: changes trees; by default a `POSIXTreeMutator(syncingEachChange: false)` (the
    ///     engine flushes each root once, before it saves the archive).
    ///   - copier: copies files; by default a `POSIXFileCopier`.
    ///   - locking: one process per pair; `FileLock()` by default.
    ///   - stateFolder: this machine's state folder (archives, the pair list); by default the
    ///     ``SyncEngine/SyncEnvironment/live(environment:)`` one, `$XDG_STATE_HOME/synccli`, made
    ///     on the first write there. Building a manager makes nothing on the disk.
    ///   - bookmarks: keeps each pair's folder bookmark; by default a `DefaultBookmarkStorage` in
    ///     the state folder's `bookmarks` folder (made, 0700, on the first save).
    ///   - bookmarkResolver: makes and follows folder bookmarks; `DefaultBookmarkResolver()` by
    ///     default.
    ///
    /// Given none of `scanner`, `mutator` and `copier`, both sides are `LocalFolderSides` (one
    /// `RootDescriptors`: each root opened once for this manager and used by descriptor, so a
    /// root swapped for a link or another folder meanwhile never receives its writes), with the
    /// sides' documents (root markers, the container's `data.json`, the ignore file) going
    /// through `fileAccessor`, as the guide's `SyncManager(fileAccessor: mock)` expects. Given
    /// any of them, the missing ones are the Live ones, sharing one `RootDescriptors`, and the
    /// sides are folder sides over the three.
    public init(
        fileSystem: any FileSystemProviding = DefaultFileSystemProvider(),
        fileAccessor: any FileAccessorProviding = DefaultFileAccessor(),
        scanner: (any TreeScanning)? = nil,
        mutator: (any TreeMutating)? = nil,
        copier: (any FileCopying)? = nil,
        locking: any PairLocking = FileLock(),
        stateFolder: (any StateFolderProviding)? = nil,
        bookmarks: (any BookmarkStorageProviding)? = nil,
        bookmarkResolver: any BookmarkResolving = DefaultBookmarkResolver()
    ) {
        var environment = SyncEnvironment.live()
        if let stateFolder { environment.state = stateFolder }
        let pairBookmarks = PairBookmarks(
            storage: bookmarks
                ?? DefaultBookmarkStorage(
                    folder: environment.state.url.appending(path: "bookmarks", directoryHint: .isDirectory)),
            resolver: bookmarkResolver)
        let roots = RootDescriptors()
        guard scanner != nil || mutator != nil || copier != nil else {
            self.init(
                fileSystem: fileSystem, fileAccessor: fileAccessor,
                sides: LocalFolderSides(roots: roots, documents: FileAccessorDocuments(accessor: fileAccessor)),
                locking: locking, environment: environment, bookmarks: pairBookmarks)
            return
        }
        self.init(
            fileSystem: fileSystem, fileAccessor: fileAccessor, scanner: scanner ?? POSIXTreeScanner(roots: roots),
            mutator: mutator ?? POSIXTreeMutator(syncingEachChange: false, roots: roots),
            copier: copier ?? POSIXFileCopier(roots: roots), locking: locking, environment: environment,
            bookmarks: pairBookmarks)
    }
}

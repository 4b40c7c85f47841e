import FileAccessorInterface

/// Everything a command may use, each as a protocol value: the composition root (``Wiring``)
/// gives the Live ones, tests give Mocks or fakes.
struct CommandServices: Sendable {
    /// The engine.
    var engine: any SyncService
    /// Which container is used, and a server's credentials.
    var containers: any ContainerResolving
    /// The folders the user types.
    var folders: any FolderResolving
    /// Reads and writes the files the user names (a plan file): regular files only, never through
    /// a final link, never blocking on a FIFO, under a size limit.
    var files: any FileAccessorProviding
    /// Standard output and standard error.
    var streams: any TextStreams
    /// The current time.
    var clock: any TimeProviding
    /// Folder watching, the loop's clock and the stop signal, for `watch`; nil where watching is
    /// not wired.
    var watch: WatchServices? = nil
    /// Makes a fresh engine, for a command that runs for long (`watch`): each sync then opens the
    /// roots again, so a container unmounted and mounted again (or moved away) is seen, and no
    /// descriptor keeps a drive busy between syncs. Nil: ``engine`` is used throughout.
    var makeEngine: (@Sendable () -> any SyncService)? = nil
    /// Where this synccli is and where the user's systemd units go, for `service`; nil where it
    /// is not wired.
    var service: ServiceSetup? = nil
}

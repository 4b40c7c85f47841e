public import WatchInterface

/// A running inotify watch of one folder tree (see ``InotifyWatching``).
///
/// Dropping the last reference stops it, as ``stop()`` does.
public final class InotifyWatch: FolderWatch {
    private let reader: InotifyReader

    init(reader: InotifyReader) {
        self.reader = reader
    }

    /// How many folders are watched now (the root included): it follows folders as they are
    /// created, moved and removed.
    public var watchedFolderCount: Int { reader.watchedFolders }

    /// Whether the reading thread still runs (false once stopped or ended by itself, with every
    /// descriptor closed).
    public var isRunning: Bool { reader.isRunning }

    public func stop() {
        reader.stop()
    }

    deinit {
        reader.stop()
    }
}

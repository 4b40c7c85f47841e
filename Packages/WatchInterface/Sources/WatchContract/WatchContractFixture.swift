public import Foundation
public import WatchInterface

/// What a contract case needs from the world a watch implementation works in.
///
/// Build a fresh one for every case: `root` and `outside` are two empty folders side by side,
/// `outside` named with `root`'s name as a prefix (so a watch that confines by string prefix is
/// caught).
///
/// ```swift
/// let fixture = WatchContractFixture(
///     root: folder.appending(path: "root"), outside: folder.appending(path: "root2"),
///     files: DiskFiles(), makeWatching: { InotifyWatching() }, deliver: {}, patience: .seconds(20))
/// ```
public struct WatchContractFixture: Sendable {
    /// An existing, empty folder the cases watch.
    public let root: URL
    /// An existing, empty folder beside `root`, never inside it.
    public let outside: URL
    /// Changes the world.
    public let files: any WatchContractFiles
    /// Creates a watching implementation on this world.
    public let makeWatching: @Sendable () throws -> any FolderWatching
    /// Hands pending changes to the watches: a Mock delivers them here, at once; a Live
    /// implementation delivers by itself and passes a closure that does nothing.
    public let deliver: @Sendable () -> Void
    /// How long a case waits for an event that must come, after `deliver`, before it fails (zero
    /// for an implementation that delivers inside `deliver`).
    public let patience: Duration

    /// Creates a fixture.
    /// - Parameters:
    ///   - root: an existing, empty folder to watch.
    ///   - outside: an existing, empty folder beside it.
    ///   - files: the world's file operations.
    ///   - makeWatching: creates the implementation under test.
    ///   - deliver: delivers pending changes (a Mock), or does nothing (a Live).
    ///   - patience: how long to wait for an event that must come.
    public init(
        root: URL, outside: URL, files: any WatchContractFiles,
        makeWatching: @escaping @Sendable () throws -> any FolderWatching,
        deliver: @escaping @Sendable () -> Void, patience: Duration
    ) {
        self.root = root
        self.outside = outside
        self.files = files
        self.makeWatching = makeWatching
        self.deliver = deliver
        self.patience = patience
    }

    /// `root` joined with a relative path.
    func inside(_ path: String) -> URL { root.appending(path: path) }

    /// `outside` joined with a relative path.
    func beside(_ path: String) -> URL { outside.appending(path: path) }
}

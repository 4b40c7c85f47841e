public import Foundation

/// Reports changes below a folder as they happen, so a pair can be synced shortly after its
/// folder changes instead of by hand.
///
/// Implementations promise:
/// - **Recursive**: a change anywhere below the root is reported, in folders that existed when
///   the watch started and in folders created or moved in later.
/// - **Nothing missed**: when changes may have been lost (the kernel's queue overflowed, a folder
///   could not be watched), an ``WatchEvent/overflow`` or ``WatchEvent/unwatched(path:reason:)``
///   says so; the consumer then rescans everything. A change is never silently dropped.
/// - **Confined**: symbolic links are never followed; nothing outside the root is reported.
/// - **Ordered and serial**: `onEvent` is called for one watch on one thread at a time, in the
///   order the changes were seen, never after ``FolderWatch/stop()`` returned.
///
/// ```swift
/// let watch = try watching.watch(folder) { event in
///     if case .changed(let path) = event { print("changed:", path) }
/// }
/// defer { watch.stop() }
/// ```
public protocol FolderWatching: Sendable {
    /// Starts watching `root` and everything below it.
    /// - Parameters:
    ///   - root: an existing folder (not a symbolic link).
    ///   - onEvent: called for each change, from a thread of the implementation's choosing; it
    ///     should return quickly, and must not wait for anything that waits for `stop()`.
    /// - Returns: the running watch; keep it, and call ``FolderWatch/stop()`` to end it.
    /// - Throws: ``WatchError/rootUnavailable(path:reason:)`` when `root` is missing, not a folder
    ///   or a link; ``WatchError/unavailable(_:)`` when watching itself cannot start.
    func watch(_ root: URL, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws -> any FolderWatch
}

/// A running watch of one folder tree.
public protocol FolderWatch: Sendable {
    /// Ends the watch and releases what it holds (descriptors, threads). When it returns, no
    /// further event is delivered. Calling it again, or after the watch ended by itself
    /// (``WatchEvent/ended(reason:)``), does nothing; calling it from inside `onEvent` is allowed.
    func stop()
}

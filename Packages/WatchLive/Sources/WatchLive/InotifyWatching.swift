import CWatchShims
public import Foundation
import POSIXSupport
public import WatchInterface

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folder trees with Linux inotify.
///
/// Every folder of the tree gets a watch (`IN_ONLYDIR | IN_DONT_FOLLOW`, so links are never
/// followed); folders created or moved in are watched as they appear and what they already hold
/// is reported, so a file written into a brand-new folder is never missed; folders moved out or
/// removed lose their watches. A queue overflow (`IN_Q_OVERFLOW`) is reported as
/// ``WatchEvent/overflow`` after every folder was looked for again. One thread per watch blocks
/// in `poll` (no busy loop); ``InotifyWatch/stop()`` wakes it through a pipe, waits for it and
/// closes the inotify descriptor.
///
/// ```swift
/// let watch = try InotifyWatching().watch(URL(filePath: "/home/me/Documents")) { print($0) }
/// defer { watch.stop() }
/// ```
public struct InotifyWatching: FolderWatching {
    /// Creates the watching.
    public init() {}

    public func watch(_ root: URL, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws -> any FolderWatch {
        var path = root.path(percentEncoded: false)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        try Self.checkRoot(path)
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            throw WatchError.unavailable(Self.limitText("inotify_init1", errno, "fs.inotify.max_user_instances"))
        }
        var processor = InotifyProcessor(root: Array(path.utf8), system: LiveInotifySystem(descriptor: inotify))
        let initial: [WatchEvent]
        do {
            initial = try processor.start()
        } catch {
            close(inotify)
            if InotifyProcessor.isGone(error) {
                throw WatchError.rootUnavailable(path: path, reason: error.message)
            }
            throw WatchError.unavailable(Self.limitText("inotify_add_watch", error.code, "fs.inotify.max_user_watches"))
        }
        var wake: [Int32] = [-1, -1]
        guard cwatch_wake_pipe(&wake) == 0 else {
            let code = errno
            close(inotify)
            throw WatchError.unavailable("pipe2: \(SystemCallError.message(for: code)) (errno \(code))")
        }
        let reader = InotifyReader(
            processor: processor, initial: initial, inotify: inotify, wake: (wake[0], wake[1]), onEvent: onEvent)
        return InotifyWatch(reader: reader)
    }

    /// Refuses a root that is missing, a link, or not a folder.
    private static func checkRoot(_ path: String) throws {
        let status: FileStatus
        do {
            status = try FileStatus.of(path)
        } catch {
            throw WatchError.rootUnavailable(path: path, reason: SystemCallError.message(for: error.code))
        }
        switch status.kind {
        case .directory: return
        case .symbolicLink: throw WatchError.rootUnavailable(path: path, reason: "a symbolic link")
        case .regular, .other: throw WatchError.rootUnavailable(path: path, reason: "Not a directory")
        }
    }

    /// A failure's text, naming the system limit when one was reached.
    private static func limitText(_ call: String, _ code: Int32, _ limit: String) -> String {
        let text = "\(call): \(SystemCallError.message(for: code)) (errno \(code))"
        return code == EMFILE || code == ENOSPC ? "\(text); the system's limit \(limit) is reached" : text
    }
}

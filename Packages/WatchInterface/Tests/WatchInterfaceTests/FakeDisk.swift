import Foundation
import Synchronization
import WatchContract
import WatchInterface

/// Ways a fake watch can be wrong.
struct Sloppiness: OptionSet, Sendable {
    let rawValue: Int
    /// Confines by string prefix, so `root2/x` is "inside" `root`.
    static let prefixConfined = Sloppiness(rawValue: 1 << 0)
    /// Watches the root's own entries only.
    static let topLevelOnly = Sloppiness(rawValue: 1 << 1)
    /// Reports absolute paths.
    static let absolutePaths = Sloppiness(rawValue: 1 << 2)
    /// `stop()` does nothing.
    static let ignoresStop = Sloppiness(rawValue: 1 << 3)
    /// Watches whatever it is given, even nothing.
    static let acceptsAnyRoot = Sloppiness(rawValue: 1 << 4)
    /// Never reports the end of the watch.
    static let neverEnds = Sloppiness(rawValue: 1 << 5)
    /// Keeps the names folders had when the watch started, as stale watch descriptors would.
    static let staleMoves = Sloppiness(rawValue: 1 << 6)
}

/// A tiny disk in memory that tells every fake watch about each change as it happens.
final class FakeDisk: WatchContractFiles {
    private struct State {
        var folders: Set<String> = []
        var files: Set<String> = []
        var links: [String: String] = [:]
        var watches: [FakeWatch] = []
    }

    private let state = Mutex(State())

    init(folders: [String]) {
        state.withLock { $0.folders = Set(folders) }
    }

    func isFolder(_ path: String) -> Bool { state.withLock { $0.folders.contains(path) } }

    func add(_ watch: FakeWatch) { state.withLock { $0.watches.append(watch) } }

    private func changed(_ paths: [String], moved: (from: String, to: String)? = nil) {
        let watches = state.withLock { $0.watches }
        for watch in watches { watch.disk(changed: paths, moved: moved, rootExists: isFolder(watch.root)) }
    }

    func makeFolder(at url: URL) throws {
        let path = clean(url)
        state.withLock { _ = $0.folders.insert(path) }
        changed([path])
    }

    func writeFile(at url: URL, contents: String) throws {
        let path = clean(url)
        state.withLock { _ = $0.files.insert(path) }
        changed([path])
    }

    func remove(at url: URL) throws {
        let path = clean(url)
        let removed = state.withLock { state in
            let all = (state.folders.union(state.files).union(state.links.keys)).filter {
                $0 == path || $0.hasPrefix(path + "/")
            }
            state.folders.subtract(all)
            state.files.subtract(all)
            for key in all { state.links.removeValue(forKey: key) }
            return all.sorted().reversed()
        }
        changed(Array(removed))
    }

    func move(from source: URL, to destination: URL) throws {
        let from = clean(source)
        let to = clean(destination)
        state.withLock { state in
            func moved(_ set: Set<String>) -> Set<String> {
                Set(set.map { $0 == from || $0.hasPrefix(from + "/") ? to + $0.dropFirst(from.count) : $0 })
            }
            state.folders = moved(state.folders)
            state.files = moved(state.files)
        }
        changed([from, to], moved: (from, to))
    }

    func makeLink(at url: URL, to target: URL) throws {
        let path = clean(url)
        state.withLock { $0.links[path] = clean(target) }
        changed([path])
    }
}

/// Watches a ``FakeDisk``, correctly or with the given ``Sloppiness``.
struct FakeWatching: FolderWatching {
    let disk: FakeDisk
    let sloppiness: Sloppiness

    func watch(_ root: URL, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws -> any FolderWatch {
        let path = clean(root)
        if !sloppiness.contains(.acceptsAnyRoot), !disk.isFolder(path) {
            throw WatchError.rootUnavailable(path: path, reason: "not a folder")
        }
        let watch = FakeWatch(root: path, sloppiness: sloppiness, onEvent: onEvent)
        disk.add(watch)
        return watch
    }
}

final class FakeWatch: FolderWatch {
    let root: String
    let sloppiness: Sloppiness
    let onEvent: @Sendable (WatchEvent) -> Void
    private let state = Mutex((active: true, renames: [(from: String, to: String)]()))

    init(root: String, sloppiness: Sloppiness, onEvent: @escaping @Sendable (WatchEvent) -> Void) {
        self.root = root
        self.sloppiness = sloppiness
        self.onEvent = onEvent
    }

    func stop() {
        if !sloppiness.contains(.ignoresStop) { state.withLock { $0.active = false } }
    }

    func disk(changed paths: [String], moved: (from: String, to: String)?, rootExists: Bool) {
        guard state.withLock({ $0.active }) else { return }
        if let moved { state.withLock { $0.renames.append(moved) } }
        for path in paths {
            if let relative = report(path) { onEvent(.changed(path: relative)) }
        }
        if !rootExists, !sloppiness.contains(.neverEnds) {
            state.withLock { $0.active = false }
            onEvent(.ended(reason: "root removed"))
        }
    }

    private func report(_ absolute: String) -> String? {
        var path = absolute
        if sloppiness.contains(.staleMoves) {
            for rename in state.withLock({ $0.renames }).reversed() where path.hasPrefix(rename.to + "/") {
                path = rename.from + path.dropFirst(rename.to.count)
            }
        }
        let prefix = sloppiness.contains(.prefixConfined) ? root : root + "/"
        guard path.hasPrefix(prefix), path != root else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        if sloppiness.contains(.topLevelOnly), relative.contains("/") { return nil }
        return sloppiness.contains(.absolutePaths) ? path : relative
    }
}

/// A URL's path without a trailing slash.
private func clean(_ url: URL) -> String {
    let path = url.path(percentEncoded: false)
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
}

import Foundation
import InMemorySupport

/// What a watch last saw below its root: each entry by path, compared the way the kernel
/// reports changes (a folder's own modification time, which changes whenever a child does, is
/// left out: inotify reports the child, not the folder).
struct TreeSnapshot: Equatable {
    private(set) var entries: [PathKey: InMemoryEntry]

    /// Reads everything below `root` in `tree`.
    init(of root: PathKey, in tree: InMemoryTree) {
        var entries: [PathKey: InMemoryEntry] = [:]
        for path in tree.paths(below: root) {
            guard var entry = tree.entry(at: path) else { continue }
            if entry.isDirectory { entry.modificationNanoseconds = 0 }
            entries[path] = entry
        }
        self.entries = entries
    }

    /// The paths whose entry differs between `self` and `newer` (created, changed or removed),
    /// sorted.
    func changes(to newer: TreeSnapshot) -> [PathKey] {
        Set(entries.keys).union(newer.entries.keys).filter { entries[$0] != newer.entries[$0] }.sorted()
    }
}

extension PathKey {
    /// This path relative to `root`, as a watch reports it (`""` for the root itself).
    func relative(to root: PathKey) -> String {
        components.dropFirst(root.components.count).map { String(decoding: $0, as: UTF8.self) }.joined(
            separator: "/")
    }
}

/// What a watch reports.
public enum WatchEvent: Sendable, Hashable, CustomStringConvertible {
    /// Something at `path` changed: created, written, removed, moved in or out, or its attributes
    /// changed. `path` is relative to the watched root (`""` is the root itself), with `/`
    /// between components; names that are not valid UTF-8 are repaired, so treat it as a hint for
    /// logs and filters, never as the key of a file.
    case changed(path: String)
    /// Changes were lost (the kernel's event queue overflowed): rescan everything. The watch goes
    /// on, and covers folders created during the loss.
    case overflow
    /// The folder at `path` (relative to the root) cannot be watched, so changes below it may be
    /// missed until the next full rescan; the rest of the tree is still watched.
    case unwatched(path: String, reason: String)
    /// The watch ended by itself: the root was removed, moved or unmounted, or reading events
    /// failed. No event follows; rescan, and watch again once the root is back.
    case ended(reason: String)

    public var description: String {
        switch self {
        case .changed(let path): "changed \(path.isEmpty ? "." : path)"
        case .overflow: "overflow: changes were lost, rescan everything"
        case .unwatched(let path, let reason): "cannot watch \(path.isEmpty ? "." : path): \(reason)"
        case .ended(let reason): "watch ended: \(reason)"
        }
    }
}

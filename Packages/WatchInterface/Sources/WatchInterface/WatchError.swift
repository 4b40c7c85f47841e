/// Why a watch could not start.
public enum WatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The root is missing, not a folder, or a symbolic link.
    case rootUnavailable(path: String, reason: String)
    /// Watching itself failed (for example the system's limit of watches or instances is reached).
    case unavailable(String)

    public var description: String {
        switch self {
        case .rootUnavailable(let path, let reason): "cannot watch \(path): \(reason)"
        case .unavailable(let reason): "cannot watch folders: \(reason)"
        }
    }
}

/// One step of a differential sequence over a file accessor: a call of the accessor on an odd
/// spelling, or a direct change of the tree (made with system calls on the Live side and on the
/// in-memory tree on the Mock side) at a plain top-level name.
public enum AccessorStep: Sendable, Equatable, CustomStringConvertible {
    case write(String, contents: String)
    case read(String)
    case exists(String)
    case makeFolder(String)
    case remove(String)
    case rename(String, to: String)
    case link(String, target: String)

    public var description: String {
        switch self {
        case .write(let path, let contents): "write \(path.debugDescription) \(contents.debugDescription)"
        case .read(let path): "read \(path.debugDescription)"
        case .exists(let path): "exists \(path.debugDescription)"
        case .makeFolder(let path): "mkdir \(path.debugDescription)"
        case .remove(let path): "remove \(path.debugDescription)"
        case .rename(let from, let to): "rename \(from.debugDescription) \(to.debugDescription)"
        case .link(let path, let target): "link \(path.debugDescription) -> \(target.debugDescription)"
        }
    }
}

public import DifferentialSupport

/// One step of a differential sequence over a pair locking: a call on one of several instances
/// sharing one lock folder (as several processes would), a release of a lock taken earlier, or a
/// direct change where a lock's file lives (made with system calls on the Live side and on the
/// in-memory tree on the Mock side).
public enum LockStep: Sendable, Equatable, CustomStringConvertible {
    /// Instance `instance` takes `name` for `holder`.
    case acquire(instance: Int, name: String, holder: String)
    /// The `index`-th lock taken so far (modulo how many; a negative index: the last one) is
    /// released; releasing twice is allowed.
    case release(index: Int)
    /// Something other than a lock file appears where `name`'s lock file lives.
    case plant(name: String, Plant)
    /// Whatever is where `name`'s lock file lives is removed (a user cleaning up the folder).
    case removeFile(name: String)

    public var description: String {
        switch self {
        case .acquire(let instance, let name, let holder):
            "acquire #\(instance) \(name.debugDescription) for \(holder.debugDescription)"
        case .release(let index): "release taken[\(index)]"
        case .plant(let name, let plant): "plant \(plant) at \(name.debugDescription)'s lock file"
        case .removeFile(let name): "remove \(name.debugDescription)'s lock file"
        }
    }
}

import FileTreeInterface
import SyncEngine

/// A planned or done action in words a person uses, with its direction: what `--verbose` prints,
/// one line per change, like `rsync -i`.
///
/// ```
/// local → container: copy notes/a.txt (created on the local side)
/// container → local: delete old.txt into the trash (deleted on the container side)
/// ```
enum ChangeLine {
    /// The line of one action, ending with why it is planned (or `reason`, when given: why it
    /// failed or was skipped).
    static func text(_ action: SyncAction, reason: String? = nil) -> String {
        let direction = action.side == .container ? "local → container" : "container → local"
        let path = action.path.description
        let what: String
        switch action.operation {
        case .copy:
            let source = action.source.map(\.description) ?? path
            what = source == path ? "copy \(path)" : "copy \(source) as \(path)"
        case .makeDirectory: what = "new folder \(path)"
        case .trash: what = "delete \(path) into the trash"
        case .removeDirectory: what = "remove folder \(path)"
        case .move: what = "rename \(action.source.map(\.description) ?? "?") to \(path)"
        case .setPermissions: what = "set the permissions of \(path)"
        }
        guard let reason else { return "\(direction): \(what) (\(action.reason))" }
        return "\(direction): \(what): \(reason)"
    }

    /// One line per change, sorted by path (then side), so two runs print the same order.
    static func lines(_ actions: [SyncAction]) -> [String] {
        changes(actions).map { text($0) }
    }

    /// The actions a person sees as changes, sorted by path (then side). A new folder's mode is
    /// part of making it: its own permissions step is left out.
    static func changes(_ actions: [SyncAction]) -> [SyncAction] {
        let made = Set(actions.filter { $0.operation == .makeDirectory }.map { "\($0.side)/\($0.path)" })
        return actions.filter { $0.operation != .setPermissions || !made.contains("\($0.side)/\($0.path)") }
            .sorted { ($0.path, $0.side.rawValue) < ($1.path, $1.side.rawValue) }
    }
}

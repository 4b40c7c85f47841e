import FileTreeInterface
import SyncEngine

/// One change in a `--json` document: its direction, what it does and to which path, and why
/// (for a failed or skipped change, why it did not happen).
struct ChangeJSON: Encodable, Equatable {
    /// `localToContainer` or `containerToLocal`.
    var direction: String
    /// `copy`, `newFolder`, `trash`, `removeFolder`, `rename` or `setPermissions`.
    var action: String
    /// The path it changes, relative to the pair's folder.
    var path: String
    /// The path it copies or renames from, when that is another path.
    var from: String?
    /// Why it is planned, or why it failed or was skipped.
    var reason: String

    init(_ action: SyncAction, reason: String? = nil) {
        direction = action.side == .container ? "localToContainer" : "containerToLocal"
        self.action =
            switch action.operation {
            case .copy: "copy"
            case .makeDirectory: "newFolder"
            case .trash: "trash"
            case .removeDirectory: "removeFolder"
            case .move: "rename"
            case .setPermissions: "setPermissions"
            }
        path = action.path.text
        from = action.source.flatMap { $0 == action.path ? nil : $0.text }
        self.reason = reason ?? action.reason
    }

    /// The changes of `actions`, as ``ChangeLine/lines(_:)`` lists them (sorted, a new folder's
    /// own permissions step left out).
    static func list(_ actions: [SyncAction]) -> [ChangeJSON] {
        ChangeLine.changes(actions).map { ChangeJSON($0) }
    }
}

/// A path left out of sync, in a `--json` document.
struct NotSyncedJSON: Encodable, Equatable {
    /// `local`, `container`, or absent when it concerns both.
    var side: String?
    var path: String
    var reason: String

    init(_ item: UnsyncedPath) {
        side = item.side?.rawValue
        path = item.path.isRoot ? "." : item.path.text
        reason = item.reason
    }
}

/// A conflict, in a `--json` document.
struct ConflictJSON: Encodable, Equatable {
    var path: String
    /// `bothModified`, `fileAndFolder` or `nameCollision`.
    var kind: String
    /// Where the losing version is kept, when it is kept as a conflict copy.
    var keptAs: String?
    /// What happened, in words.
    var resolution: String

    init(_ conflict: ConflictReport) {
        path = conflict.path.text
        kind = conflict.kind.rawValue
        keptAs = conflict.keptAs?.text
        resolution = conflict.resolution
    }
}

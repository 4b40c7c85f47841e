public import FileTreeInterface

/// One change a plan makes to one side.
///
/// Every action carries what it expects to find, so ``SyncManager/apply(_:)`` can re-check just
/// before acting and skip (with the reason) an action whose source or destination changed since
/// the plan was made.
public struct SyncAction: Sendable, Codable, Equatable {
    /// What the action does.
    public enum Operation: String, Sendable, Codable {
        /// Copy `source` from the other side to `path` on `side` (nothing may be at `path`).
        case copy
        /// Create the folder `path` on `side`.
        case makeDirectory
        /// Move the file at `path` on `side` into that side's trash.
        case trash
        /// Remove the empty folder `path` on `side`.
        case removeDirectory
        /// Rename `source` to `path` on `side` (nothing may be at `path`).
        case move
    }

    public var operation: Operation
    /// The side the action changes.
    public var side: SyncSide
    /// The path created, replaced or removed.
    public var path: RelativePath
    /// For `copy`, the path on the other side; for `move`, the old path on `side`.
    public var source: RelativePath?
    /// The entry the action reads or removes, as planned: the copy's source, the moved, trashed or
    /// removed entry. Nil for `makeDirectory`.
    public var expected: TreeEntry?
    /// The path whose archive record depends on this action (several actions may share one).
    public var group: RelativePath
    /// Whether this removes a version that exists nowhere else afterwards but in the trash (counted
    /// by the max-delete guard).
    public var isDeletion: Bool
    /// Why, in words: "created locally", "conflict: kept both" ...
    public var reason: String
    /// Execution order: moves, folders, copies, deletions, folder removals.
    public var phase: Int

    /// Creates an action.
    public init(
        _ operation: Operation, on side: SyncSide, path: RelativePath, source: RelativePath? = nil,
        expected: TreeEntry? = nil, group: RelativePath, isDeletion: Bool = false, reason: String
    ) {
        self.operation = operation
        self.side = side
        self.path = path
        self.source = source
        self.expected = expected
        self.group = group
        self.isDeletion = isDeletion
        self.reason = reason
        self.phase = switch operation {
        case .move: 0
        case .makeDirectory: 1
        case .copy: 2
        case .trash: isDeletion ? 3 : 2
        case .removeDirectory: 4
        }
    }
}

public import FileTreeInterface

/// One change a plan makes to one side.
///
/// Every action carries what it expects to find, so ``SyncManager/apply(_:)`` can re-check just
/// before acting and skip (with the reason) an action whose source or destination changed since
/// the plan was made.
public struct SyncAction: Sendable, Codable, Hashable {
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
        /// Give the entry at `path` on `side` the permission bits of `expected` (the entry at
        /// `source` on the other side): a new folder's mode, or a mode-only change.
        case setPermissions
    }

    public var operation: Operation
    /// The side the action changes.
    public var side: SyncSide
    /// Whether this removes a version that exists nowhere else afterwards but in the trash (counted
    /// by the max-delete guard). (Beside the other one-byte fields: 112 bytes an action, not 120.)
    public var isDeletion: Bool
    /// The path created, replaced or removed.
    public var path: RelativePath
    /// For `copy`, the path on the other side; for `move`, the old path on `side`.
    public var source: RelativePath?
    /// The entry the action reads or removes, as planned: the copy's source, the moved, trashed or
    /// removed entry; for `makeDirectory` and `setPermissions`, the other side's entry whose mode
    /// is given (nil: the folder keeps the mode it is created with).
    public var expected: TreeEntry? {
        get { storedExpected.first }
        set { storedExpected = newValue.map { [$0] } ?? [] }
    }
    /// `expected` out of line (none or one): a first sync of 100,000 files holds its actions
    /// twice (the plan, the report), and an inline entry would nearly double each one.
    private var storedExpected: [TreeEntry]
    /// The path whose archive record depends on this action (several actions may share one).
    public var group: RelativePath
    /// Why, in words: "created locally", "conflict: kept both" ...
    public var reason: String
    /// Execution order: moves, folders, copies, deletions, folder removals, modes (deepest first,
    /// after everything written into a folder, so a read-only folder still receives its files).
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
        self.storedExpected = expected.map { [$0] } ?? []
        self.group = group
        self.isDeletion = isDeletion
        self.reason = reason
        self.phase =
            switch operation {
            case .move: 0
            case .makeDirectory: 1
            case .copy: 2
            case .trash: isDeletion ? 3 : 2
            case .removeDirectory: 4
            case .setPermissions: 5
            }
    }

    private enum CodingKeys: String, CodingKey {
        case operation, side, path, source, expected, group, isDeletion, reason, phase
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        operation = try container.decode(Operation.self, forKey: .operation)
        side = try container.decode(SyncSide.self, forKey: .side)
        path = try container.decode(RelativePath.self, forKey: .path)
        source = try container.decodeIfPresent(RelativePath.self, forKey: .source)
        storedExpected = try container.decodeIfPresent(TreeEntry.self, forKey: .expected).map { [$0] } ?? []
        group = try container.decode(RelativePath.self, forKey: .group)
        isDeletion = try container.decode(Bool.self, forKey: .isDeletion)
        reason = try container.decode(String.self, forKey: .reason)
        phase = try container.decode(Int.self, forKey: .phase)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(operation, forKey: .operation)
        try container.encode(side, forKey: .side)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encode(group, forKey: .group)
        try container.encode(isDeletion, forKey: .isDeletion)
        try container.encode(reason, forKey: .reason)
        try container.encode(phase, forKey: .phase)
    }
}

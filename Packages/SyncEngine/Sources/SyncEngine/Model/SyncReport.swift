import FileTreeInterface

/// What one sync (or one applied plan) did.
public struct SyncReport: Sendable, Codable, Equatable {
    /// An action that was not carried out, and why.
    public struct Unfinished: Sendable, Codable, Equatable {
        public var action: SyncAction
        /// Why it was skipped or how it failed, in one line.
        public var reason: String
    }

    public var pair: String
    /// Files copied to either side.
    public var copied: Int = 0
    /// Bytes copied.
    public var bytesCopied: Int64 = 0
    /// Files moved into a trash because they were deleted on the other side.
    public var deleted: Int = 0
    /// Files moved into a trash because another version replaced them.
    public var replaced: Int = 0
    /// Folders created or removed.
    public var foldersChanged: Int = 0
    /// Renames made (conflict copies, moves).
    public var moved: Int = 0
    public var conflicts: [ConflictReport] = []
    /// Every action carried out, by phase, then path.
    public var done: [SyncAction] = []
    /// Actions skipped because their source or destination changed since the plan.
    public var skipped: [Unfinished] = []
    /// Actions that failed.
    public var failed: [Unfinished] = []
    public var warnings: [String] = []
    /// Paths the plan left out of sync on purpose (see ``SyncPlan/unsynced``): the sync is not
    /// complete while there are any.
    public var unsynced: [UnsyncedPath] = []
    /// Whether this was a first sync (no usable archive).
    public var wasFirstSync: Bool = false
    /// The approval from another machine this sync's deletions were carried out on.
    public var approvedDeletions: ApprovedDeletions?
    /// The approval this sync recorded in the container for the other machines (its user raised
    /// the limit to allow more deletions than the default).
    public var recordedApproval: ApprovedDeletions?

    /// Creates an empty report for `pair`.
    public init(pair: String) {
        self.pair = pair
    }

    /// Whether every planned action was carried out and nothing was left out of sync.
    public var isComplete: Bool { skipped.isEmpty && failed.isEmpty && unsynced.isEmpty }
}

extension SyncReport {
    /// The report of a sync of `plan` before anything is done: what the plan itself says (its
    /// conflicts, warnings, paths left out of sync, the approval its deletions rest on).
    init(before plan: borrowing SyncPlan) {
        self.init(pair: plan.pair)
        conflicts = plan.conflicts
        warnings = plan.warnings
        unsynced = plan.unsynced
        wasFirstSync = plan.isFirstSync
        approvedDeletions = plan.approvedDeletions
    }
}

/// The delete guard's verdict on a plan that deletes too much of a side: the sync would be
/// refused. Part of the plan (``SyncPlan/deletionRefusal``), so a dry run, a plan or a status can
/// show what the sync would do and say that it would be refused; ``SyncManager/sync(_:options:progress:)``
/// and ``SyncManager/apply(_:progress:)`` throw ``error``.
public struct DeletionRefusal: Sendable, Codable, Equatable {
    /// The side whose files would be deleted.
    public var side: SyncSide
    /// How many of its files the plan deletes.
    public var count: Int
    /// How many files the side holds.
    public var total: Int
    /// The limit in force, in percent of the side's files.
    public var limitPercent: Int

    /// Creates a verdict.
    public init(side: SyncSide, count: Int, total: Int, limitPercent: Int) {
        self.side = side
        self.count = count
        self.total = total
        self.limitPercent = limitPercent
    }

    /// The smallest limit (in percent) that allows these deletions: what `--max-delete` needs.
    /// (A plan file is read from outside: any counts give a value in 0...100, never a trap.)
    public var neededPercent: Int {
        guard total > 0, count < total else { return 100 }
        guard count > 0 else { return 0 }
        return min(100, Int((Double(count) * 100 / Double(total)).rounded(.up)))
    }

    /// Whether the plan deletes every file of the side (an emptied side).
    public var emptiesSide: Bool { count >= total }

    /// The error a sync of this plan throws.
    public var error: SyncError {
        .tooManyDeletions(side: side, count: count, total: total, limitPercent: limitPercent)
    }
}

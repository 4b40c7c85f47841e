/// The max-delete guard: a sync that would delete more than a limit of a side stops.
extension SyncManager {
    /// The guard's verdict on a plan's actions: the first side (local, then container) on which
    /// they delete more than `options` allow, or nil.
    nonisolated static func deletionRefusal(
        _ actions: [SyncAction], local: SideView, container: SideView, options: SyncOptions
    ) -> DeletionRefusal? {
        for side in SyncSide.allCases {
            let count = actions.reduce(0) { $0 + ($1.side == side && $1.isDeletion ? 1 : 0) }
            let total = side == .local ? local.fileCount : container.fileCount
            guard count > options.deletionsAlwaysAllowed, total > 0 else { continue }
            if count * 100 > total * options.maxDeletePercent {
                return DeletionRefusal(side: side, count: count, total: total, limitPercent: options.maxDeletePercent)
            }
        }
        return nil
    }
}

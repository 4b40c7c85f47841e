/// The max-delete guard: a sync that would delete more than a limit of a side stops.
extension SyncManager {
    /// Refuses a plan that deletes more than the options allow on a side.
    /// - Throws: ``SyncError/tooManyDeletions(side:count:total:limitPercent:)``.
    func checkDeletions(_ actions: [SyncAction], local: SideView, container: SideView, options: SyncOptions)
        throws
    {
        for side in SyncSide.allCases {
            let count = actions.reduce(0) { $0 + ($1.side == side && $1.isDeletion ? 1 : 0) }
            let total = side == .local ? local.fileCount : container.fileCount
            guard count > options.deletionsAlwaysAllowed, total > 0 else { continue }
            if count * 100 > total * options.maxDeletePercent {
                throw SyncError.tooManyDeletions(
                    side: side, count: count, total: total, limitPercent: options.maxDeletePercent)
            }
        }
    }
}

import FileTreeInterface
import Foundation
import SyncEngine

/// The engine as synccli's commands use it: syncing, planning and applying pairs, the pair list,
/// the trash and the conflict copies.
///
/// `SyncManager` is the real one; tests give a command a `SyncManager` over the Mocks, or a fake.
/// Every method throws what the `SyncManager` method of the same name throws (a ``SyncError``
/// for a refusal or a damaged state file).
protocol SyncService: Sendable {
    /// The pairs this machine knows.
    func pairs() async throws -> [SyncPair]
    /// The pairs this machine knows, each found again through its folder's bookmark.
    func trackedPairs() async throws -> [TrackedPair]
    /// Adds a pair to (or replaces it in) this machine's list and records its folder's bookmark,
    /// writing only what changed.
    func register(_ pair: SyncPair) async throws
    /// What a sync of `pair` would do, changing nothing.
    func plan(_ pair: SyncPair, options: SyncOptions) async throws -> SyncPlan
    /// Syncs one pair; single paths that fail are in the report.
    func sync(_ pair: SyncPair, options: SyncOptions, progress: (@Sendable (SyncProgress) -> Void)?) async throws
        -> SyncReport
    /// Carries out a saved plan exactly, re-checking each action first.
    func apply(_ plan: SyncPlan, progress: (@Sendable (SyncProgress) -> Void)?) async throws -> SyncReport
    /// Everything in both trashes of `pair`.
    func trash(of pair: SyncPair) async throws -> [TrashItem]
    /// Everything in both trashes of `pair`, each marked whether it is the last copy of its version.
    func trashMarkingLastCopies(of pair: SyncPair) async throws -> [TrashItem]
    /// How the pair's trash is kept.
    func trashRetention(of pair: SyncPair) async throws -> TrashRetention
    /// Sets how the pair's trash is kept.
    func setTrashRetention(_ retention: TrashRetention, of pair: SyncPair) async throws
    /// What each side's trash holds, its oldest version, and the retention.
    func trashSummary(of pair: SyncPair) async throws -> TrashSummary
    /// Removes trashed versions (all, or those older than `olderThan` seconds) but the last copies
    /// younger than the age limit; only counts them when `dryRun`.
    func emptyTrash(of pair: SyncPair, olderThan: TimeInterval?, dryRun: Bool) async throws -> TrashEmptyResult
    /// The newest trashed version of `path`, if any.
    func newestTrashed(_ path: RelativePath, of pair: SyncPair) async throws -> TrashItem?
    /// Puts a trashed version back at its path, or at `destination`, on `side` (nil: its own),
    /// never replacing anything.
    func restore(_ item: TrashItem, of pair: SyncPair, to destination: RelativePath?, onto side: SyncSide?) async throws
    /// The conflict copies in the pair's local folder.
    func conflictCopies(of pair: SyncPair) async throws -> [RelativePath]
    /// When each machine last synced the pair, by machine name.
    func lastSyncs(of pair: SyncPair) async throws -> [String: Date]
    /// When the pair's last sync completed on this machine, and the latest attempt's failure.
    func history(of pair: SyncPair) async -> SyncHistory
}

extension SyncManager: SyncService {}

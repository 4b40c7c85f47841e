import FileTreeInterface
import Foundation
import SyncEngine

@testable import SyncCLICore

/// An engine that knows no pairs and refuses every sync, plan and apply with `error`.
struct FailingEngine: SyncService {
    let error: SyncError

    func pairs() async throws -> [SyncPair] { [] }
    func trackedPairs() async throws -> [TrackedPair] { [] }
    func register(_ pair: SyncPair) async throws {}
    func plan(_ pair: SyncPair, options: SyncOptions) async throws -> SyncPlan { throw error }
    func sync(_ pair: SyncPair, options: SyncOptions, progress: (@Sendable (SyncProgress) -> Void)?) async throws
        -> SyncReport
    { throw error }
    func apply(_ plan: SyncPlan, progress: (@Sendable (SyncProgress) -> Void)?) async throws -> SyncReport {
        throw error
    }
    func trash(of pair: SyncPair) async throws -> [TrashItem] { throw error }
    func trashMarkingLastCopies(of pair: SyncPair) async throws -> [TrashItem] { throw error }
    func trashRetention(of pair: SyncPair) async throws -> TrashRetention { throw error }
    func setTrashRetention(_ retention: TrashRetention, of pair: SyncPair) async throws { throw error }
    func trashSummary(of pair: SyncPair) async throws -> TrashSummary { throw error }
    func emptyTrash(of pair: SyncPair, olderThan: TimeInterval?, dryRun: Bool) async throws -> TrashEmptyResult {
        throw error
    }
    func newestTrashed(_ path: RelativePath, of pair: SyncPair) async throws -> TrashItem? { throw error }
    func restore(_ item: TrashItem, of pair: SyncPair, to destination: RelativePath?, onto side: SyncSide?) async throws
    {
        throw error
    }
    func conflictCopies(of pair: SyncPair) async throws -> [RelativePath] { throw error }
    func lastSyncs(of pair: SyncPair) async throws -> [String: Date] { throw error }
    func history(of pair: SyncPair) async -> SyncHistory { SyncHistory() }
}

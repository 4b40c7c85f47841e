import FileTreeInterface
import Synchronization

/// The trash folders a run has made or found on each side, so that moving many entries into
/// the same run's trash makes each folder once instead of asking for every folder on the way
/// for each entry. Shared by the threads of one apply.
final class TrashFolders: Sendable {
    private let known = Mutex<[SyncSide: Set<RelativePath>]>([:])

    /// Whether `folder` was made or found on `side` during this run.
    func contains(_ folder: RelativePath, on side: SyncSide) -> Bool {
        known.withLock { $0[side]?.contains(folder) == true }
    }

    /// Remembers that `folder` exists on `side`.
    func insert(_ folder: RelativePath, on side: SyncSide) {
        known.withLock { _ = $0[side, default: []].insert(folder) }
    }

    /// Forgets every folder of `side` (one of them was removed behind the run's back).
    func forget(_ side: SyncSide) {
        known.withLock { $0[side] = nil }
    }
}

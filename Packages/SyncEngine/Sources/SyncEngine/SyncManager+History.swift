import Foundation

extension SyncManager {
    /// How `pair`'s syncs went on this machine: when the last one completed and, when the latest
    /// attempt failed, when and why. Never throws: an unreadable record reads as empty.
    public func history(of pair: SyncPair) -> SyncHistory {
        historyStore.load(pair: pair.name)
    }

    /// Records how an attempt to sync `pair` ended (nil: it completed), at the environment's time.
    func recordAttempt(of pair: SyncPair, failure: (any Error)?) {
        if let failure {
            historyStore.recordFailure(pair: pair.name, at: environment.now(), error: failure)
        } else {
            historyStore.recordCompleted(pair: pair.name, at: environment.now())
        }
    }

    var historyStore: HistoryStore { HistoryStore(accessor: dependencies.fileAccessor, archives: archiveStore) }
}

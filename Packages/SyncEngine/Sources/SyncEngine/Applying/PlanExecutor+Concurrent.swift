import FileTreeInterface
import Foundation
import Synchronization

/// Staging the copies of a batch on several threads (each a thread of its own: the copies mostly wait).
extension PlanExecutor {
    /// Runs the groups of a batch of phase 2 actions on several threads; each group's steps in order.
    func runConcurrently(
        _ actions: ArraySlice<SyncAction>, finishedBefore: Int, total: Int,
        progress: (@Sendable (SyncProgress) -> Void)?,
        ledger: inout Ledger
    ) {
        var order: [RelativePath] = []
        var groups: [RelativePath: [SyncAction]] = [:]
        for action in actions {
            if groups[action.group] == nil { order.append(action.group) }
            groups[action.group, default: []].append(action)
        }
        let shared = SharedLedger()
        let unfinishedBefore = ledger.unfinished
        let bytesBefore = ledger.report.bytesCopied
        // Deal the groups out folder by folder, so threads work in different folders at once
        // instead of queueing on the same folder's lock.
        var byFolder: [RelativePath: [RelativePath]] = [:]
        var folders: [RelativePath] = []
        for group in order {
            if byFolder[group.parent] == nil { folders.append(group.parent) }
            byFolder[group.parent, default: []].append(group)
        }
        var dealt: [RelativePath] = []
        var round = 0
        while dealt.count < order.count {
            for folder in folders where round < (byFolder[folder]?.count ?? 0) {
                if let group = byFolder[folder]?[round] { dealt.append(group) }
            }
            round += 1
        }
        let batches = dealt.map { (group: $0, actions: groups[$0] ?? []) }
        let next = Atomic(0)
        let unit = self
        Lanes.run(min(workers, batches.count)) { _ in
            while true {
                let claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard claimed < batches.count else { return }
                // A step only asks whether its own group is unfinished.
                let (group, batch) = batches[claimed]
                var local = Ledger(
                    report: SyncReport(pair: ""), unfinished: unfinishedBefore.contains(group) ? [group] : [])
                let replacing = unit.replacement(batch)
                for (index, action) in batch.enumerated() {
                    let before = local.report.bytesCopied
                    if let replacing, index == 0 {
                        unit.replaceAtOnce(replacing, ledger: &local)
                    } else if replacing == nil {
                        unit.step(action, ledger: &local)
                    }
                    let (finished, bytes) = shared.tick(bytes: local.report.bytesCopied - before)
                    progress?(
                        SyncProgress(
                            finished: finishedBefore + finished, total: total, bytesCopied: bytesBefore + bytes))
                }
                shared.absorb(local)
            }
        }
        ledger.absorb(shared.result)
    }
}

/// The ledger the threads of ``PlanExecutor/run(_:progress:)`` share, behind a lock.
private final class SharedLedger: Sendable {
    private let state: Mutex<(ledger: PlanExecutor.Ledger, finished: Int, bytes: Int64)>

    init() {
        state = Mutex((PlanExecutor.Ledger(report: SyncReport(pair: "")), 0, 0))
    }

    /// Counts one finished action and its bytes; returns the totals so far.
    func tick(bytes: Int64) -> (finished: Int, bytes: Int64) {
        state.withLock { state in
            state.finished += 1
            state.bytes += bytes
            return (state.finished, state.bytes)
        }
    }

    /// Adds one group's work.
    func absorb(_ ledger: PlanExecutor.Ledger) {
        state.withLock { $0.ledger.absorb(ledger) }
    }

    var result: PlanExecutor.Ledger { state.withLock { $0.ledger } }
}

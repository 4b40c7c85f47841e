import FileTreeInterface
import Foundation
import Synchronization

/// Carries out a plan's actions in order, re-checking each one just before acting.
///
/// An action whose source or destination changed since the plan is skipped with the reason; an
/// action of a group (one path's decision) after a skipped or failed one is skipped too, so a
/// half-done decision never looks done: the group's archive record stays as it was, and the next
/// run sees the change again.
struct PlanExecutor {
    /// The local folder's side.
    var local: any SyncSideProviding
    /// The pair's folder in the container.
    var container: any SyncSideProviding
    var trashFolder: String
    /// How many copies may run at once (1: strictly one after the other).
    var workers: Int

    /// What the actions did so far.
    struct Ledger: Sendable {
        var report: SyncReport
        /// The groups with an action that did not complete.
        var unfinished: Set<RelativePath> = []
        /// What each completed action left at (or read from) a path, per side: what the archive
        /// may record there afterwards.
        var known: [SyncSide: [RelativePath: Seen]] = [.local: [:], .container: [:]]
        /// Copies written to temporary files and not yet committed, with their actions.
        var staged: [(action: SyncAction, copy: StagedCopy)] = []

        /// Adds what another ledger (one group's work) recorded.
        mutating func absorb(_ other: Ledger) {
            report.copied += other.report.copied
            report.bytesCopied += other.report.bytesCopied
            report.deleted += other.report.deleted
            report.replaced += other.report.replaced
            report.foldersChanged += other.report.foldersChanged
            report.moved += other.report.moved
            report.done += other.report.done
            report.skipped += other.report.skipped
            report.failed += other.report.failed
            unfinished.formUnion(other.unfinished)
            staged += other.staged
            for (side, entries) in other.known { known[side, default: [:]].merge(entries) { _, new in new } }
        }
    }

    private(set) var ledger: Ledger

    init(
        local: any SyncSideProviding, container: any SyncSideProviding, trashFolder: String, workers: Int = 1,
        report: SyncReport
    ) {
        self.local = local
        self.container = container
        self.trashFolder = trashFolder
        self.workers = max(1, workers)
        self.ledger = Ledger(report: report)
    }

    /// The side value of `side`.
    func side(_ side: SyncSide) -> any SyncSideProviding { side == .local ? local : container }

    /// Runs every action, telling `progress` after each. Copies (in phase 2, with the trash moves of
    /// the versions they replace) are staged and then
    /// committed in batches (one flush to disk per batch rather than per file); the copies of a
    /// batch's different groups are staged on up to `workers` threads at once, so their waits for
    /// the disk overlap. Everything else, and every group's own steps, keep the plan's order.
    mutating func run(_ actions: [SyncAction], progress: (@Sendable (SyncProgress) -> Void)? = nil) {
        // Work on a ledger this call alone owns: appending to `self.ledger` while a method borrows
        // `self` would copy its arrays on every append (quadratic in the batch).
        var ledger = self.ledger
        self.ledger = Ledger(report: SyncReport(pair: ledger.report.pair))
        defer { self.ledger = ledger }
        var index = 0
        var finished = 0
        while index < actions.count {
            guard actions[index].phase == 2 else {
                step(actions[index], ledger: &ledger)
                finished += 1
                progress?(
                    SyncProgress(finished: finished, total: actions.count, bytesCopied: ledger.report.bytesCopied))
                index += 1
                continue
            }
            var end = index
            while end < actions.count, actions[end].phase == 2 { end += 1 }
            for batch in Self.batches(of: actions[index..<end]) {
                if workers > 1 {
                    runConcurrently(
                        batch, finishedBefore: finished, total: actions.count, progress: progress, ledger: &ledger)
                } else {
                    for (offset, action) in batch.enumerated() {
                        step(action, ledger: &ledger)
                        progress?(
                            SyncProgress(
                                finished: finished + offset + 1, total: actions.count,
                                bytesCopied: ledger.report.bytesCopied))
                    }
                }
                finished += batch.count
                commitStaged(&ledger)
            }
            index = end
        }
        ledger.report.done.sort { ($0.phase, $0.path) < ($1.phase, $1.path) }
    }

    /// At most this many copies are staged before a commit.
    static let batchCopies = 4_096
    /// At most about this many bytes are staged before a commit.
    static let batchBytes: Int64 = 1 << 30

    /// Splits a run of phase 2 actions into batches of whole groups, each holding at most
    /// ``batchCopies`` copies and about ``batchBytes`` bytes (a larger group is a batch of its own).
    static func batches(of actions: ArraySlice<SyncAction>) -> [ArraySlice<SyncAction>] {
        var batches: [ArraySlice<SyncAction>] = []
        var start = actions.startIndex
        var copies = 0
        var bytes: Int64 = 0
        var index = actions.startIndex
        while index < actions.endIndex {
            var end = index
            var groupCopies = 0
            var groupBytes: Int64 = 0
            while end < actions.endIndex, actions[end].group == actions[index].group {
                if actions[end].operation == .copy {
                    groupCopies += 1
                    groupBytes += actions[end].expected?.size ?? 0
                }
                end += 1
            }
            if index > start, copies + groupCopies > batchCopies || bytes + groupBytes > batchBytes {
                batches.append(actions[start..<index])
                start = index
                copies = 0
                bytes = 0
            }
            copies += groupCopies
            bytes += groupBytes
            index = end
        }
        if start < actions.endIndex { batches.append(actions[start..<actions.endIndex]) }
        return batches
    }

    /// Commits every staged copy, side by side, and records each one's outcome.
    private func commitStaged(_ ledger: inout Ledger) {
        let pending = ledger.staged
        ledger.staged = []
        for side in SyncSide.allCases {
            let mine = pending.filter { $0.action.side == side }
            guard !mine.isEmpty else { continue }
            let results = self.side(side).commit(mine.map(\.copy))
            for (index, item) in mine.enumerated() {
                let result =
                    index < results.count ? results[index] : .failure(TreeError.missingCommitResult(item.action.path))
                Self.record(item.action, item.copy, result, in: &ledger)
            }
        }
    }

    /// Records how a staged copy's commit ended.
    private static func record(
        _ action: SyncAction, _ copy: StagedCopy, _ result: Result<TreeEntry, TreeError>, in ledger: inout Ledger
    ) {
        switch result {
        case .success(let written):
            ledger.report.copied += 1
            ledger.known[action.side, default: [:]][action.path] = Seen(written)
            if let source = action.source, let expected = action.expected {
                ledger.known[action.side.other, default: [:]][source] = Seen(expected)
            }
            ledger.report.done.append(action)
        case .failure(let error):
            ledger.report.bytesCopied -= copy.entry.size
            ledger.unfinished.insert(action.group)
            if case .alreadyExists = error {
                ledger.report.skipped.append(
                    .init(action: action, reason: "\(action.path) appeared on the \(action.side) side since the plan"))
            } else {
                ledger.report.failed.append(.init(action: action, reason: String(describing: error)))
            }
        }
    }

    /// Runs the groups of a batch of phase 2 actions on several threads; each group's steps in order.
    private func runConcurrently(
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
        DispatchQueue.concurrentPerform(iterations: min(workers, batches.count)) { _ in
            while true {
                let claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard claimed < batches.count else { return }
                // A step only asks whether its own group is unfinished.
                let (group, batch) = batches[claimed]
                var local = Ledger(
                    report: SyncReport(pair: ""), unfinished: unfinishedBefore.contains(group) ? [group] : [])
                for action in batch {
                    let before = local.report.bytesCopied
                    unit.step(action, ledger: &local)
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

    /// Carries out one action (or records why not) in `ledger`.
    func step(_ action: SyncAction, ledger: inout Ledger) {
        if ledger.unfinished.contains(action.group) {
            ledger.report.skipped.append(
                .init(action: action, reason: "an earlier step for \(action.group) did not complete"))
            return
        }
        do {
            if let reason = try perform(action, ledger: &ledger) {
                ledger.unfinished.insert(action.group)
                ledger.report.skipped.append(.init(action: action, reason: reason))
            } else if action.operation != .copy {
                ledger.report.done.append(action)  // a copy is done once committed
            }
        } catch {
            ledger.unfinished.insert(action.group)
            ledger.report.failed.append(.init(action: action, reason: String(describing: error)))
        }
    }

    /// Performs one action; a copy is only staged (``commitStaged(_:)`` finishes it).
    /// - Returns: nil when done (or staged), or why it was skipped.
    private func perform(_ action: SyncAction, ledger: inout Ledger) throws -> String? {
        let here = side(action.side)
        switch action.operation {
        case .copy:
            guard let source = action.source, let expected = action.expected else { return "malformed copy action" }
            do {
                let staged = try here.stageCopy(
                    of: source, from: side(action.side.other), expected: expected, to: action.path)
                ledger.report.bytesCopied += staged.entry.size
                ledger.staged.append((action, staged))
            } catch TreeError.sourceChanged {
                return "\(source) changed on the \(action.side.other) side since the plan; it will be synced next run"
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            } catch TreeError.notFound(let path) where path == source {
                return "\(source) is gone from the \(action.side.other) side since the plan"
            }
        case .makeDirectory:
            do {
                try here.makeDirectory(action.path)
            } catch TreeError.alreadyExists {
                if try here.entry(at: action.path)?.kind != .directory {
                    return "\(action.path) appeared on the \(action.side) side since the plan"
                }
            }
            ledger.report.foldersChanged += 1
        case .trash:
            if let reason = try recheck(action.path, on: action.side, expected: action.expected) { return reason }
            try moveToTrash(action.path, on: action.side)
            if action.isDeletion { ledger.report.deleted += 1 } else { ledger.report.replaced += 1 }
        case .removeDirectory:
            guard try here.entry(at: action.path)?.kind == .directory else {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            }
            do {
                try here.removeEmptyFolder(action.path)
            } catch TreeError.notAFolder {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            } catch TreeError.folderNotEmpty {
                return "\(action.path) on the \(action.side) side is not empty: new files appeared since the plan"
            }
            ledger.report.foldersChanged += 1
        case .setPermissions:
            guard let mode = action.expected?.permissions else { return "malformed permissions action" }
            guard let now = try here.entry(at: action.path), now.kind == action.expected?.kind else {
                return "\(action.path) changed on the \(action.side) side since the plan; it will be synced next run"
            }
            try here.setPermissions(mode & 0o777, of: action.path)
        case .move:
            guard let source = action.source else { return "malformed move action" }
            if let reason = try recheck(source, on: action.side, expected: action.expected) { return reason }
            do {
                try here.moveItem(source, to: action.path)
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            }
            if let expected = action.expected { ledger.known[action.side, default: [:]][action.path] = Seen(expected) }
            ledger.report.moved += 1
        }
        return nil
    }

    /// Nil when the entry at `path` is still the one expected, else why not.
    private func recheck(_ path: RelativePath, on side: SyncSide, expected: TreeEntry?) throws -> String? {
        let now = try self.side(side).entry(at: path)
        guard let expected else { return now == nil ? nil : "\(path) appeared on the \(side) side since the plan" }
        guard let now, now.isUnchanged(comparedTo: expected) else {
            return "\(path) changed on the \(side) side since the plan; it will be synced next run"
        }
        return nil
    }
}

/// An entry as an action left or read it, without its path: all the after-apply check compares
/// (a third of a ``TreeEntry``, which counts at 100,000 copies).
struct Seen: Sendable, Equatable {
    var kind: EntryKind
    var snapshot: SideSnapshot

    init(_ entry: TreeEntry) {
        kind = entry.kind
        snapshot = SideSnapshot(entry)
    }

    /// Whether `entry` is still this (kind, size, identity, and a file's time).
    func matches(_ entry: TreeEntry) -> Bool {
        entry.kind == kind && snapshot.describes(entry)
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

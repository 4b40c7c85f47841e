import Foundation
import SyncEngine

/// `synccli status [<folder>]`: what a sync would do, and when each machine last synced.
struct StatusCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "status", summary: "show what a sync would do and when each machine last synced",
        positionals: [PositionalDescription(name: "folder", isOptional: true)], options: [.container, .name, .json])

    /// One pair's status, in the `--json` document.
    struct Status: Encodable, Equatable {
        /// When one machine last synced the pair.
        struct LastSync: Encodable, Equatable {
            var machine: String
            var time: Date
        }

        var pair: String
        var folder: String
        var pendingChanges: Int
        var conflicts: Int
        var notSynced: [NotSyncedJSON]
        /// By machine name; empty: never synced.
        var lastSyncs: [LastSync]
        /// Why a sync would be refused now, with the `--max-delete` that allows it; absent when it
        /// would not.
        var wouldBeRefused: String?
        /// When its last sync completed on this machine.
        var lastCompleted: Date?
        /// The latest attempt, when it failed.
        var lastFailure: SyncHistory.Failure?
        /// What the trash holds on each side and how it is kept; absent when it cannot be read.
        var trash: TrashStatus?
    }

    /// `status --json`.
    struct Document: Encodable, Equatable {
        var version = JSONVersion.current
        var pairs: [Status]
    }

    /// How long a pair whose latest sync failed may go without a completed one before status
    /// says it stalled.
    static let stalledAfter: TimeInterval = 3600

    /// The folder whose pair is shown; nil: every known pair.
    var folder: String?
    /// The pair's name (`--name`).
    var name: String?
    var output: OutputOptions
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positional(0)
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let finder = PairFinder(services: services, console: console)
        var (pairs, worst) = ([SyncPair](), ExitCode.success)
        if let folder {
            pairs = [try await finder.pair(forFolder: folder, name: name)]
        } else {
            (pairs, worst) = try await finder.reachablePairs()
        }
        var statuses: [Status] = []
        for pair in pairs {
            let history = await services.engine.history(of: pair)
            if let stalled = Self.stalled(history, now: services.clock.now()) {
                console.notice("\(pair.name): \(stalled)")
            }
            let plan = try await services.engine.plan(pair, options: SyncOptions())
            let syncs = try await services.engine.lastSyncs(of: pair)
            let trash = try? await services.engine.trashSummary(of: pair)
            statuses.append(
                Status(
                    pair: pair.name, folder: pair.localRoot.displayPath,
                    pendingChanges: ChangeLine.changes(plan.actions).count, conflicts: plan.conflicts.count,
                    notSynced: plan.unsynced.map(NotSyncedJSON.init),
                    lastSyncs: syncs.sorted { $0.key < $1.key }.map {
                        Status.LastSync(machine: $0.key, time: $0.value)
                    },
                    wouldBeRefused: plan.deletionRefusal.map(GuardWords.reason),
                    lastCompleted: history.lastCompleted, lastFailure: history.lastFailure,
                    trash: trash.map(TrashStatus.init)))
            console.say(line(pair, plan: plan, lastSyncs: syncs))
            if let trash, trash.sides.values.contains(where: { $0.versions > 0 }) {
                console.say("  " + TrashStatus.line(trash))
            }
            if let refusal = plan.deletionRefusal { console.say("  " + GuardWords.preview(refusal)) }
            if let approved = plan.approvedDeletions {
                console.say("  " + GuardWords.carrying(approved, preview: true))
            }
            console.notSynced(plan.unsynced, pair: pair.name)
        }
        if pairs.isEmpty && worst == .success { console.say("no pairs yet") }
        console.report(Document(pairs: statuses))
        return worst
    }

    /// `not synced for 2 hours: <why> (last tried <when>)` when the latest attempt failed and the
    /// last completed sync is older than ``stalledAfter``; nil otherwise.
    static func stalled(_ history: SyncHistory, now: Date) -> String? {
        guard let failure = history.lastFailure, let completed = history.lastCompleted,
            now.timeIntervalSince(completed) >= stalledAfter
        else { return nil }
        let since = Console.duration(.seconds(Int(now.timeIntervalSince(completed))))
        return "not synced for \(since): \(failure.reason) (last tried \(failure.at.formatted(.iso8601)))"
    }

    /// `docs (/home/me/docs): 2 changes pending; last synced by laptop 2026-...`, or `...: 3
    /// changes pending; never synced` (no machine has synced the pair yet).
    private func line(_ pair: SyncPair, plan: SyncPlan, lastSyncs: [String: Date]) -> String {
        let last = lastSyncs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.formatted(.iso8601))" }
            .joined(separator: ", ")
        var state: [String] = []
        let changes = ChangeLine.lines(plan.actions).count
        if changes > 0 { state.append("\(Console.count(changes, "change")) pending") }
        if !plan.unsynced.isEmpty { state.append("\(Console.count(plan.unsynced.count, "path")) not synced") }
        if plan.deletionRefusal != nil { state.append("refused by the delete guard") }
        let summary = plan.isInSync ? "in sync" : state.joined(separator: ", ")
        let history = last.isEmpty ? "never synced" : "last synced by \(last)"
        return "\(pair.name) (\(pair.localRoot.displayPath)): \(summary); \(history)"
    }
}

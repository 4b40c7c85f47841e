import Foundation
import InMemorySupport
import SyncWatch
import WatchInterface
import WatchMock

/// Syncs that end when the test says so (or at once, with an outcome given beforehand), and a
/// record of how many ran at once per pair.
final class ScriptedSyncing: PairSyncing {
    private struct State {
        var ready: [String: [PairSyncOutcome]] = [:]
        var waiting: [String: CheckedContinuation<PairSyncOutcome, Never>] = [:]
        var running: [String: Int] = [:]
        var mostAtOnce = 0
    }

    private let state = Guarded(State())

    func sync(pair: String) async -> PairSyncOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<PairSyncOutcome, Never>) in
            let outcome = state.withLock { state -> PairSyncOutcome? in
                state.running[pair, default: 0] += 1
                state.mostAtOnce = max(state.mostAtOnce, state.running[pair, default: 0])
                guard let outcome = state.ready[pair]?.first else {
                    state.waiting[pair] = continuation
                    return nil
                }
                state.ready[pair]?.removeFirst()
                state.running[pair, default: 0] -= 1
                return outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// Ends the running sync of `pair` with `outcome`, or the next one as soon as it starts.
    func complete(_ pair: String, _ outcome: PairSyncOutcome = .synced) {
        let waiting = state.withLock { state -> CheckedContinuation<PairSyncOutcome, Never>? in
            guard let waiting = state.waiting.removeValue(forKey: pair) else {
                state.ready[pair, default: []].append(outcome)
                return nil
            }
            state.running[pair, default: 0] -= 1
            return waiting
        }
        waiting?.resume(returning: outcome)
    }

    /// The most syncs of one pair that ever ran at once.
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
}

/// The loop's reports, and a wait for one that must come (woken by each new report).
final class Reports: Sendable {
    private struct Waiter {
        let report: WatchReport
        let occurrence: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Guarded<(all: [WatchReport], waiters: [Waiter])>(([], []))

    var add: @Sendable (WatchReport) -> Void {
        { [self] report in
            let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.all.append(report)
                let count = state.all.filter { $0 == report }.count
                let due = state.waiters.filter { $0.report == report && $0.occurrence <= count }
                state.waiters.removeAll { $0.report == report && $0.occurrence <= count }
                return due.map(\.continuation)
            }
            for waiter in woken { waiter.resume() }
        }
    }

    var all: [WatchReport] { state.withLock { $0.all } }

    /// The sync starts and ends, as "start p change 13s" / "end p synced 13s".
    var syncs: [String] {
        all.compactMap { report in
            switch report {
            case .syncStarted(let pair, let reason, let at): "start \(pair) \(reason.rawValue) \(at)"
            case .syncFinished(let pair, let outcome, let at): "end \(pair) \(outcome) \(at)"
            default: nil
            }
        }
    }

    /// How many times `report` was made so far.
    func count(of report: WatchReport) -> Int { all.filter { $0 == report }.count }

    /// Returns once `report` was made `occurrence` times (at once if it was already).
    func wait(for report: WatchReport, occurrence: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.all.filter({ $0 == report }).count >= occurrence { return true }
                state.waiters.append(Waiter(report: report, occurrence: occurrence, continuation: continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// A loop over one pair `p` watching `/p` in a mock world, on a mock clock.
struct LoopScene {
    let world = MockWorld()
    let watching: MockFolderWatching
    let clock = MockWatchClock()
    let syncing = ScriptedSyncing()
    let reports = Reports()
    let loop: WatchLoop
    let root = URL(filePath: "/p")

    init(settings: WatchSettings) throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/p")) }
        watching = MockFolderWatching(world: world)
        loop = WatchLoop(
            pairs: [WatchedPair(name: "p", roots: [root])], settings: settings, watching: watching, syncing: syncing,
            clock: clock, report: reports.add)
    }

    /// Writes a file in the pair's folder at the clock's time and delivers the change.
    func write(_ name: String) throws {
        try world.withTree { try $0.writeFile(Data(name.utf8), at: PathKey(path: "/p/" + name)) }
        watching.deliverChanges()
    }

    /// Ends the running sync and waits until the loop has taken it in.
    func finishSync(_ outcome: PairSyncOutcome = .synced) async {
        let report = WatchReport.syncFinished(pair: "p", outcome: outcome, at: clock.now)
        let occurrence = reports.count(of: report) + 1
        syncing.complete("p", outcome)
        await reports.wait(for: report, occurrence: occurrence)
    }
}

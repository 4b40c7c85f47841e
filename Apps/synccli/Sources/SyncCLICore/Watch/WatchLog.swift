import Foundation
import SyncWatch
import Synchronization

/// `synccli watch`'s log: one line per sync (the loop's ``WatchReport`` lines, each after the
/// time), or one JSON object per line with `--json`; a pair whose last completed sync is older
/// than ``stalledAfter`` says so at the front of its line.
///
/// - human: every sync's end, the watches that fail or end, and the stop; `--verbose` adds the
///   starts and the folders watched;
/// - quiet: only what went wrong (a sync that did not complete, a watch that failed or ended);
/// - JSON: one versioned object per line, one per sync's end, on standard output (`version`,
///   `time`, `pair`, `outcome`, `reason`, `stalledSeconds`); what went wrong with a watch on
///   standard error.
final class WatchLog: Sendable {
    /// One sync's end, the `--json` shape (one line each; `Apps/synccli/Schemas/watch.schema.json`).
    struct SyncLine: Encodable, Equatable {
        var version = JSONVersion.current
        var time: Date
        var pair: String
        /// `synced`, `containerUnavailable`, `busy`, `refused` or `failed`.
        var outcome: String
        /// Why it did not sync; nil when it did.
        var reason: String?
        /// Seconds since the pair's last completed sync, when over the stalled threshold.
        var stalledSeconds: Int?
    }

    let console: Console
    /// Wall-clock time, for the start of each line.
    let time: any TimeProviding
    /// How long a pair may go without a completed sync before its lines say it stalled.
    let stalledAfter: Duration
    /// The loop's time of each pair's last completed sync (the loop's start before the first).
    private let lastSynced = Mutex<[String: Duration]>([:])

    init(console: Console, time: any TimeProviding, stalledAfter: Duration) {
        self.console = console
        self.time = time
        self.stalledAfter = stalledAfter
    }

    /// Writes what `report` says, shaped by the console's options.
    func write(_ report: WatchReport) {
        let options = console.options
        switch report {
        case .syncFinished(let pair, let outcome, let at):
            let stalled = stalledFor(pair, outcome, at: at)
            if options.mode == .json {
                return line(syncLine(pair, outcome, stalled))
            }
            guard options.mode == .human || outcome != .synced else { return }
            let prefix = stalled.map { "\(pair): not synced for \(Console.duration($0)): " } ?? "\(pair): "
            log(prefix + outcome.description)
        case .watchFailed, .watchEvent:
            if options.mode == .json { console.error(report.description) } else { log(report.description) }
        case .watching, .syncStarted:
            if options.mode == .human && options.verbose { log(report.description) }
        case .stopped:
            if options.mode == .human { log(report.description) }
        }
    }

    /// How long `pair` has gone without a completed sync at `now`, when that is over the threshold.
    private func stalledFor(_ pair: String, _ outcome: PairSyncOutcome, at now: Duration) -> Duration? {
        lastSynced.withLock { last in
            guard outcome != .synced else {
                last[pair] = now
                return nil
            }
            let since = now - last[pair, default: .zero]
            return since >= stalledAfter ? since : nil
        }
    }

    private func syncLine(_ pair: String, _ outcome: PairSyncOutcome, _ stalled: Duration?) -> SyncLine {
        let (kind, reason): (String, String?) =
            switch outcome {
            case .synced: ("synced", nil)
            case .containerUnavailable(let why): ("containerUnavailable", why)
            case .busy(let why): ("busy", why)
            case .refused(let why): ("refused", why)
            case .failed(let why): ("failed", why)
            }
        return SyncLine(
            time: time.now(), pair: pair, outcome: kind, reason: reason,
            stalledSeconds: stalled.map { Int($0.components.seconds) })
    }

    private func log(_ text: String) {
        console.streams.write("\(time.now().formatted(.iso8601)) \(text)\n", to: .output)
    }

    private func line(_ value: SyncLine) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        console.streams.write(String(decoding: data, as: UTF8.self) + "\n", to: .output)
    }
}

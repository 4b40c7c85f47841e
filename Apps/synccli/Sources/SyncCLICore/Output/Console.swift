import FileTreeInterface
import Foundation
import SyncEngine
import Synchronization

/// Where a command's output goes, shaped by its ``OutputOptions``: lines for a person, one JSON
/// document, or (quiet) only what must never be hidden.
struct Console: Sendable {
    /// The streams written to.
    let streams: any TextStreams
    /// The shape of the output.
    let options: OutputOptions

    /// Output for `options` on `streams`.
    init(streams: any TextStreams, options: OutputOptions = OutputOptions()) {
        self.streams = streams
        self.options = options
    }

    /// Whether progress lines are shown (a person watching a terminal, human output).
    var showsProgress: Bool { streams.isTerminal && options.mode == .human }

    /// A line of the summary for a person (human output only).
    func say(_ line: String) {
        guard options.mode == .human else { return }
        streams.write(line + "\n", to: .output)
    }

    /// A line that `--quiet` must not hide (a conflict), on standard output; not in JSON, whose
    /// report holds it.
    func notice(_ line: String) {
        guard options.mode != .json else { return }
        streams.write(line + "\n", to: .output)
    }

    /// One line per change (`--verbose`, human output only).
    func detail(_ line: String) {
        guard options.mode == .human, options.verbose else { return }
        streams.write(line + "\n", to: .output)
    }

    /// The machine-readable report (JSON output only).
    func report(_ value: some Encodable) {
        guard options.mode == .json else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        streams.write(String(decoding: data, as: UTF8.self) + "\n", to: .output)
    }

    /// One error line on standard error, in every mode.
    func error(_ line: String) {
        streams.write("synccli: \(line)\n", to: .error)
    }

    /// A transient progress line on a terminal.
    func progress(_ line: String) {
        guard showsProgress else { return }
        streams.write("\r\u{1B}[K\(line)", to: .error)
    }

    /// A progress callback that rewrites one line on a terminal at most ten times a second; nil
    /// when nobody would see it.
    func progressReporter(for pair: String) -> (@Sendable (SyncProgress) -> Void)? {
        guard showsProgress else { return nil }
        let last = Mutex(ContinuousClock.now)
        let streams = streams
        return { progress in
            let now = ContinuousClock.now
            let due = last.withLock { previous in
                guard now - previous > .milliseconds(100) || progress.finished == progress.total else { return false }
                previous = now
                return true
            }
            guard due else { return }
            let line =
                "syncing \(pair): \(progress.finished)/\(progress.total) steps, \(Console.bytes(progress.bytesCopied))"
            streams.write("\r\u{1B}[K\(line)", to: .error)
        }
    }

    /// Clears the progress line.
    func endProgress() {
        guard showsProgress else { return }
        streams.write("\r\u{1B}[K", to: .error)
    }

    /// "1 folder", "2 folders".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// "45 seconds", "3 minutes", "2 hours", "3 days" (rounded down).
    static func duration(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        let (value, unit) =
            switch seconds {
            case ..<120: (seconds, "second")
            case ..<7200: (seconds / 60, "minute")
            case ..<172_800: (seconds / 3600, "hour")
            default: (seconds / 86400, "day")
            }
        return Console.count(value, unit)
    }

    /// "512 B", "1.5 KiB".
    static func bytes(_ count: Int64) -> String { ByteText.of(count) }
}

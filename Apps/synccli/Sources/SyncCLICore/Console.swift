import FileSystemInterface
import Foundation
import SyncEngine
import Synchronization

/// Where synccli's output goes: a human summary, one JSON document, or nothing but errors.
struct Console {
    enum Mode {
        case human, json, quiet
    }

    var mode: Mode
    /// Whether standard error is a terminal (progress lines only then).
    var interactive: Bool

    init(invocation: Invocation, environment: [String: String]) {
        mode = invocation.has("json") ? .json : invocation.has("quiet") ? .quiet : .human
        interactive = isatty(2) == 1 && environment["TERM"] != "dumb"
    }

    /// A line for a person (not in JSON or quiet mode).
    func say(_ line: String) {
        guard mode == .human else { return }
        Output.write(Data((line + "\n").utf8), to: .standardOutput)
    }

    /// The machine-readable report (JSON mode only).
    func report(_ value: some Encodable) {
        guard mode == .json else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        Output.write(data + Data("\n".utf8), to: .standardOutput)
    }

    /// One error line on standard error, in every mode.
    static func error(_ line: String) {
        Output.write(Data("synccli: \(line)\n".utf8), to: .standardError)
    }

    /// A transient progress line on a terminal.
    func progress(_ line: String) {
        guard interactive, mode == .human else { return }
        Output.write(Data("\r\u{1B}[K\(line)".utf8), to: .standardError)
    }

    /// A progress callback that rewrites one line on a terminal at most ten times a second; nil
    /// when nobody would see it.
    func progressReporter(for pair: String) -> (@Sendable (SyncProgress) -> Void)? {
        guard interactive, mode == .human else { return nil }
        let last = Mutex(ContinuousClock.now)
        return { progress in
            let now = ContinuousClock.now
            let due = last.withLock { previous in
                guard now - previous > .milliseconds(100) || progress.finished == progress.total else { return false }
                previous = now
                return true
            }
            guard due else { return }
            Output.write(
                Data(
                    "\r\u{1B}[Ksyncing \(pair): \(progress.finished)/\(progress.total) steps, \(Console.bytes(progress.bytesCopied))"
                        .utf8),
                to: .standardError)
        }
    }

    func endProgress() {
        guard interactive, mode == .human else { return }
        Output.write(Data("\r\u{1B}[K".utf8), to: .standardError)
    }

    /// "1 folder", "2 folders".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }
}

extension URL {
    /// The location as a person writes it: a folder's path with no trailing slash (except for
    /// `/`), a server's URL whole but never with a user name or password.
    var displayPath: String { ContainerAddress.display(self) }
}

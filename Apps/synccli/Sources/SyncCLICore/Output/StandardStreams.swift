import Foundation
import Synchronization

/// The process's standard output and standard error. Writes never trap: when what is behind them
/// fails (`> /dev/full`, a full disk), the first failure is remembered and the run ends with exit 1
/// and one line saying so, instead of Foundation's trap in `FileHandle.write(_:)`.
final class StandardStreams: TextStreams {
    private let firstFailure = Mutex<String?>(nil)
    let isTerminal: Bool

    /// The streams of this process; progress is shown when standard error is a terminal and
    /// `TERM` is not `dumb`.
    init(environment: [String: String]) {
        isTerminal = isatty(2) == 1 && environment["TERM"] != "dumb"
    }

    func write(_ text: String, to stream: StreamKind) {
        let handle: FileHandle = stream == .output ? .standardOutput : .standardError
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            firstFailure.withLock { $0 = $0 ?? error.localizedDescription }
        }
    }

    var failure: String? { firstFailure.withLock { $0 } }
}

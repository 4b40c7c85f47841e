import Synchronization

@testable import SyncCLICore

/// Streams that keep what a command writes, for the test to read.
final class RecordingStreams: TextStreams {
    private let text = Mutex<(output: String, error: String)>(("", ""))
    let isTerminal: Bool
    let failure: String?

    init(isTerminal: Bool = false, failure: String? = nil) {
        self.isTerminal = isTerminal
        self.failure = failure
    }

    func write(_ text: String, to stream: StreamKind) {
        self.text.withLock { recorded in
            switch stream {
            case .output: recorded.output += text
            case .error: recorded.error += text
            }
        }
    }

    /// What went to standard output.
    var output: String { text.withLock { $0.output } }
    /// What went to standard error.
    var error: String { text.withLock { $0.error } }
}

import Foundation
import Synchronization

@testable import SyncCLICore

/// Streams that keep what a command writes, for the test to read, and to wait on.
final class RecordingStreams: TextStreams {
    private struct Waiter {
        let text: String
        let occurrences: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct Recorded {
        var output = ""
        var error = ""
        var waiters: [Waiter] = []
    }

    private let text = Mutex(Recorded())
    let isTerminal: Bool
    let failure: String?

    init(isTerminal: Bool = false, failure: String? = nil) {
        self.isTerminal = isTerminal
        self.failure = failure
    }

    func write(_ text: String, to stream: StreamKind) {
        let woken = self.text.withLock { recorded -> [CheckedContinuation<Void, Never>] in
            switch stream {
            case .output: recorded.output += text
            case .error: recorded.error += text
            }
            let output = recorded.output
            let due = recorded.waiters.filter { Self.count($0.text, in: output) >= $0.occurrences }
            recorded.waiters.removeAll { Self.count($0.text, in: output) >= $0.occurrences }
            return due.map(\.continuation)
        }
        for waiter in woken { waiter.resume() }
    }

    /// What went to standard output.
    var output: String { text.withLock { $0.output } }
    /// What went to standard error.
    var error: String { text.withLock { $0.error } }

    /// How many times `text` is in standard output so far.
    func occurrences(of text: String) -> Int { Self.count(text, in: output) }

    /// Returns once standard output holds `text` `occurrences` times (at once if it does). Only
    /// an event that must come is waited for: the test's own time limit is the failure guard.
    func wait(for text: String, occurrences: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = self.text.withLock { recorded in
                if Self.count(text, in: recorded.output) >= occurrences { return true }
                recorded.waiters.append(Waiter(text: text, occurrences: occurrences, continuation: continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    private static func count(_ text: String, in output: String) -> Int {
        output.components(separatedBy: text).count - 1
    }
}

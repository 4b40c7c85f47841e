import Foundation
import Synchronization

@testable import SyncCLICore

/// Streams that keep what a command writes, for the test to read, and to wait on.
final class RecordingStreams: TextStreams {
    private struct Waiter {
        let id: Int
        let text: String
        let occurrences: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct Recorded {
        var output = ""
        var error = ""
        var waiters: [Waiter] = []
        var nextID = 0
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

    /// Returns once standard output holds `text` `occurrences` times (at once if it does), or when
    /// the waiting task is cancelled (the suite's time limit: the failure guard).
    func wait(for text: String, occurrences: Int = 1) async {
        let id = self.text.withLock { recorded in
            recorded.nextID += 1
            return recorded.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = self.text.withLock { recorded in
                    if Task.isCancelled || Self.count(text, in: recorded.output) >= occurrences { return true }
                    recorded.waiters.append(
                        Waiter(id: id, text: text, occurrences: occurrences, continuation: continuation))
                    return false
                }
                if done { continuation.resume() }
            }
        } onCancel: {
            let waiter = self.text.withLock { recorded -> Waiter? in
                guard let index = recorded.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return recorded.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }

    private static func count(_ text: String, in output: String) -> Int {
        output.components(separatedBy: text).count - 1
    }
}

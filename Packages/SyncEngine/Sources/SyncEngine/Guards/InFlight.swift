import Foundation
import Synchronization

/// Work started on a thread of its own that the caller joins later with ``outcome()``.
///
/// A sync takes its container's lock this way while its plan's reads run: on a server the lock's
/// round trips and the scan's then overlap instead of following each other.
final class InFlight<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` at once, on a new thread (not one of the task pool's: it may block for as
    /// long as a server takes to answer).
    init(_ work: @escaping @Sendable () throws -> Value) {
        Thread { [self] in
            let outcome = Result { try work() }
            result.withLock { $0 = outcome }
            finished.signal()
        }.start()
    }

    /// Whether the work has ended by throwing (false while it runs); never waits.
    var hasFailed: Bool {
        result.withLock { outcome in
            if case .failure = outcome { return true }
            return false
        }
    }

    /// Waits until the work has ended and returns what it returned or threw; every call returns
    /// the same outcome.
    func outcome() -> Result<Value, any Error> {
        finished.wait()
        finished.signal()  // the next call does not wait
        return result.withLock { $0 } ?? .failure(CancellationError())  // set before the signal
    }
}

import LockInterface
import Synchronization

/// What each of several simultaneous takers got: a lock, or the error that refused it.
final class TakerResults: Sendable {
    private let outcomes = Mutex<[Int: Result<any HeldLock, any Error>]>([:])

    /// Records taker `index`'s outcome.
    func record(_ index: Int, _ outcome: Result<any HeldLock, any Error>) {
        outcomes.withLock { $0[index] = outcome }
    }

    /// Every outcome, by taker.
    var all: [Int: Result<any HeldLock, any Error>] { outcomes.withLock { $0 } }
}

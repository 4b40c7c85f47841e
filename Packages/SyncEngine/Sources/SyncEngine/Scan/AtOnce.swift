import FileTreeInterface
import Foundation
import Synchronization

/// Runs three independent pieces of work at once, each on a thread of its own (``Lanes``), and
/// returns all outcomes.
///
/// Planning reads things that do not depend on each other (the two sides' scans, the archive, the
/// container's document); on a no-op sync they are most of its time, and they mostly wait: for
/// the kernel, or for a server's answers, whose round trips overlap only if every piece is
/// running from the start (`DispatchQueue.concurrentPerform` runs no more at once than there are
/// cores, so on two cores the third waited for one of the others to end).
func atOnce<A: Sendable, B: Sendable, C: Sendable>(
    _ first: @escaping @Sendable () throws -> A, _ second: @escaping @Sendable () throws -> B,
    _ third: @escaping @Sendable () throws -> C
) -> (Result<A, any Error>, Result<B, any Error>, Result<C, any Error>) {
    let outcomes = Mutex<(Result<A, any Error>?, Result<B, any Error>?, Result<C, any Error>?)>((nil, nil, nil))
    Lanes.run(3) { index in
        switch index {
        case 0:
            let outcome = Result { try first() }
            outcomes.withLock { $0.0 = outcome }
        case 1:
            let outcome = Result { try second() }
            outcomes.withLock { $0.1 = outcome }
        default:
            let outcome = Result { try third() }
            outcomes.withLock { $0.2 = outcome }
        }
    }
    let missing = CancellationError()  // not reached: Lanes.run returns after every lane
    return outcomes.withLock { ($0.0 ?? .failure(missing), $0.1 ?? .failure(missing), $0.2 ?? .failure(missing)) }
}

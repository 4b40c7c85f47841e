import Foundation
import Synchronization

/// Runs three independent pieces of work at once, as far as there are cores (with two, the third
/// starts when the first of the others ends), and returns all outcomes.
///
/// Planning reads three things that do not depend on each other (the two sides' scans and the
/// archive); on a no-op sync they are most of its time, and the scans mostly wait for the kernel.
func atOnce<A: Sendable, B: Sendable, C: Sendable>(
    _ first: @Sendable () throws -> A, _ second: @Sendable () throws -> B, _ third: @Sendable () throws -> C
) -> (Result<A, any Error>, Result<B, any Error>, Result<C, any Error>) {
    let outcomes = Mutex<(Result<A, any Error>?, Result<B, any Error>?, Result<C, any Error>?)>((nil, nil, nil))
    DispatchQueue.concurrentPerform(iterations: 3) { index in
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
    let missing = CancellationError()  // not reached: concurrentPerform runs every iteration
    return outcomes.withLock { ($0.0 ?? .failure(missing), $0.1 ?? .failure(missing), $0.2 ?? .failure(missing)) }
}

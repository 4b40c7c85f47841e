import Synchronization

/// Counts, from several threads, reads that saw a torn file, and tells readers when the writer
/// is done.
final class MixCounter: Sendable {
    private let mixes = Mutex(0)
    private let finished = Atomic(false)

    var count: Int { mixes.withLock { $0 } }
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    func record() {
        mixes.withLock { $0 += 1 }
    }

    func finish() {
        finished.store(true, ordering: .releasing)
    }
}

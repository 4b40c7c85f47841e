import Foundation

/// Runs `body(0)`, …, `body(lanes - 1)` at the same time, each on a thread of its own, and returns
/// when all have returned.
///
/// For work that mostly waits (a disk, a server): unlike `DispatchQueue.concurrentPerform`, which
/// runs no more iterations at once than there are cores (two on a small machine, so four copies to
/// a server had two requests in flight), every lane is live from the start, so `lanes` waits
/// overlap whatever the number of cores.
func onThreads(_ lanes: Int, _ body: @escaping @Sendable (Int) -> Void) {
    guard lanes > 1 else {
        if lanes == 1 { body(0) }
        return
    }
    let done = DispatchSemaphore(value: 0)
    for lane in 1..<lanes {
        Thread {
            body(lane)
            done.signal()
        }.start()
    }
    body(0)
    for _ in 1..<lanes { done.wait() }
}

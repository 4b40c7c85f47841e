import Foundation

/// Work that mostly waits, spread over lanes that each run on a thread of their own: what a
/// side's ``SideCapabilities/parallelism`` is for (the engine's copy workers, a server side's
/// commits).
public enum Lanes {
    /// Runs `body(0)`, …, `body(lanes - 1)` at the same time, each on a thread of its own
    /// (`body(0)` on the caller's), and returns when all have returned; nothing for `lanes` < 1.
    ///
    /// Unlike `DispatchQueue.concurrentPerform`, which runs no more iterations at once than there
    /// are cores (two on a small machine, so four copies to a server had two requests in flight),
    /// every lane is live from the start, so the waits of `lanes` lanes overlap whatever the
    /// number of cores.
    public static func run(_ lanes: Int, _ body: @escaping @Sendable (Int) -> Void) {
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
}

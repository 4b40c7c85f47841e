import Foundation

/// Runs `first` and `second` at the same time, each on a thread of its own, and returns when both
/// have returned. Unlike `DispatchQueue.concurrentPerform`, which may run its iterations one
/// after the other on a busy or one-core machine, both bodies are always live together, so one
/// may wait for something the other does.
func runOnTwoThreads(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    for body in [first, second] {
        Thread {
            body()
            done.signal()
        }.start()
    }
    done.wait()
    done.wait()
}

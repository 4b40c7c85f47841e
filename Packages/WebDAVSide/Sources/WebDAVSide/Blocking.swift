import Dispatch

/// Runs asynchronous transport calls to completion for the synchronous side protocols.
///
/// The work runs on a serial dispatch queue of its own (a task executor preference), never on the
/// caller's thread and never needing the shared cooperative pool, so a caller that blocks on it
/// (the engine's actor, a copy worker) cannot starve the work it waits for.
final class Blocking: TaskExecutor, Sendable {
    private let queue = DispatchQueue(label: "WebDAVSide.transport")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// The value of `work`, waiting for it.
    /// - Throws: what `work` throws.
    func run<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: self) {
            do {
                outcome.set(.success(try await work()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    private final class Outcome<T: Sendable>: Sendable {
        private let value = Locked<Result<T, any Error>?>(nil)

        func set(_ result: Result<T, any Error>) { value.withLock { $0 = result } }

        func get() throws -> T {
            guard let result = value.withLock({ $0 }) else { throw CancellationError() }
            return try result.get()
        }
    }
}

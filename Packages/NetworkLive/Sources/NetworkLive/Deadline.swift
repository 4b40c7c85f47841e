/// The overall deadline passed before the work finished.
struct DeadlineExceeded: Error {}

/// Runs `work`, cancelling it and throwing ``DeadlineExceeded`` once `sleep(limit)` returns first.
/// - Throws: what `work` throws, or ``DeadlineExceeded``.
func withDeadline<T: Sendable>(
    _ limit: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void,
    _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await sleep(limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}

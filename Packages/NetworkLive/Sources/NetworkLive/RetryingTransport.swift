public import Foundation
public import NetworkInterface

/// Wraps any transport with retries: a transient failure (timed out, cannot connect, connection
/// lost) or a retryable status (429, 503 ...) is tried again after a backoff with jitter, or after
/// the server's `Retry-After`, but only when the request is safe to repeat (an idempotent method,
/// or a conditional request). A MOVE or MKCOL without a precondition is sent once.
///
/// Time is injected: tests pass a `sleep` that records and returns at once.
///
/// ```swift
/// let transport = RetryingTransport(URLSessionTransport.shared)
/// ```
public struct RetryingTransport: HTTPTransport {
    let base: any HTTPTransport
    let policy: RetryPolicy
    let sleep: @Sendable (Duration) async throws -> Void
    let random: @Sendable () -> Double
    let now: @Sendable () -> Date

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: the transport that sends.
    ///   - policy: attempts, delays and retryable statuses.
    ///   - sleep: how to wait (default `Task.sleep`).
    ///   - random: a number in 0..<1 for the jitter.
    ///   - now: the wall clock, for a `Retry-After` given as a date.
    public init(
        _ base: any HTTPTransport, policy: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.policy = policy
        self.sleep = sleep
        self.random = random
        self.now = now
    }

    /// Sends `request`, again after a transient failure or a retryable status while attempts last.
    /// - Returns: the first answer that is not retried (a retryable status after the last attempt
    ///   included).
    /// - Throws: the last ``HTTPTransportError`` when every attempt failed, or at once when the
    ///   failure is not transient or the request is not safe to repeat; `cancelled` when the task
    ///   is cancelled during a wait.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var attempt = 1
        while true {
            let wait: Duration
            do {
                let response = try await base.send(request)
                guard let delay = retryDelay(after: response, attempt: attempt, request) else { return response }
                wait = delay
            } catch let error as HTTPTransportError {
                guard error.isTransient, request.isSafeToRepeat, attempt < policy.maximumAttempts else { throw error }
                wait = policy.backoff(beforeRetry: attempt, random: random())
            }
            do { try await sleep(wait) } catch {
                throw HTTPTransportError(.cancelled, request, "cancelled while waiting to retry")
            }
            attempt += 1
        }
    }

    /// The wait before retrying after `response`, or nil to return it.
    private func retryDelay(after response: HTTPResponse, attempt: Int, _ request: HTTPRequest) -> Duration? {
        guard policy.retryableStatuses.contains(response.status), request.isSafeToRepeat,
            attempt < policy.maximumAttempts
        else { return nil }
        guard let text = response.headers["Retry-After"] else {
            return policy.backoff(beforeRetry: attempt, random: random())
        }
        guard let asked = RetryAfter.delay(text, now: now()) else {
            return policy.backoff(beforeRetry: attempt, random: random())
        }
        return asked <= policy.maximumRetryAfter ? asked : nil
    }
}

/// When and how long ``RetryingTransport`` waits before sending a request again.
public struct RetryPolicy: Sendable {
    /// The most attempts in all, the first included: 4 by default.
    public var maximumAttempts = 4
    /// The wait before the first retry; it doubles for each further one: 0.5 s by default.
    public var initialDelay: Duration = .milliseconds(500)
    /// The longest backoff wait: 30 s by default.
    public var maximumDelay: Duration = .seconds(30)
    /// The longest `Retry-After` honoured; a server asking for more gets its answer returned
    /// instead of a retry: 120 s by default.
    public var maximumRetryAfter: Duration = .seconds(120)
    /// Statuses that are worth another try: 408, 423, 425, 429, 500, 502, 503, 504 by default.
    public var retryableStatuses: Set<Int> = [408, 423, 425, 429, 500, 502, 503, 504]

    /// The defaults above.
    public init() {}

    /// The backoff before retry number `retry` (1 for the first), with equal jitter: half the
    /// exponential delay, plus a random part of the other half (`random` in 0..<1).
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let exponent = min(max(retry - 1, 0), 30)
        let full = min(initialDelay * (1 << exponent), maximumDelay)
        return full / 2 + full / 2 * min(max(random, 0), 1)
    }
}

/// The settings of a ``URLSessionTransport``, fixed for its lifetime.
public struct TransportConfiguration: Sendable {
    /// The longest wait for the next bytes (URLSession's `timeoutInterval`, whole seconds, at
    /// least one): 60 s by default.
    public var idleTimeout: Duration = .seconds(60)
    /// The longest a whole exchange may take when the request sets no ``HTTPRequest/deadline``:
    /// 1 hour by default (a large file on a slow link).
    public var deadline: Duration = .seconds(3600)
    /// The most connections open to one host at a time: 20 by default (a WebDAV side lists up to
    /// 16 folders at once while a sync's lock and documents travel beside them; each request
    /// waits a round trip, and one more than there are connections waits for a free one).
    public var maximumConnectionsPerHost = 20
    /// The size of the ranges a GET into a file is fetched in: 8 MiB by default. URLSession on
    /// Linux queues every received chunk for the delegate without back-pressure, so a whole large
    /// body can pile up in memory when the disk is slower than the network; ranges bound that to
    /// one range. A server that ignores `Range` sends the whole body in one response.
    public var downloadRangeSize = 8 << 20
    /// The slowest a body may arrive: under 1 KiB in a minute it fails `timedOut` (see
    /// ``SlowestRate``).
    public var slowestRate = SlowestRate()
    /// How the deadline waits; tests inject one that returns at once (no test sleeps).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    /// The defaults above.
    public init() {}
}

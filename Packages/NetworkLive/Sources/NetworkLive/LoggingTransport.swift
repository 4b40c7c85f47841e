public import NetworkInterface

/// Wraps any transport to log and count every exchange: method, URL without credentials, status
/// or failure kind, bytes received, duration. Headers and bodies are never logged.
///
/// ```swift
/// let metrics = TransportMetrics()
/// let transport = LoggingTransport(URLSessionTransport.shared, metrics: metrics) { print($0) }
/// ```
public struct LoggingTransport: HTTPTransport {
    let base: any HTTPTransport
    let metrics: TransportMetrics?
    let log: @Sendable (ExchangeRecord) -> Void
    let clock: any Clock<Duration>

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: the transport that sends.
    ///   - metrics: counters to update, if any.
    ///   - clock: measures durations (tests pass a fixed one).
    ///   - log: receives one record per exchange.
    public init(
        _ base: any HTTPTransport, metrics: TransportMetrics? = nil, clock: any Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (ExchangeRecord) -> Void
    ) {
        self.base = base
        self.metrics = metrics
        self.clock = clock
        self.log = log
    }

    /// Sends `request` through the wrapped transport and reports how it went.
    /// - Throws: what the wrapped transport throws, unchanged.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let start = clock.now
        do {
            let response = try await base.send(request)
            report(request, status: response.status, failure: nil, bytes: response.byteCount, since: start)
            return response
        } catch let error as HTTPTransportError {
            report(request, status: nil, failure: error.kind, bytes: 0, since: start)
            throw error
        } catch {
            report(request, status: nil, failure: .other, bytes: 0, since: start)
            throw error
        }
    }

    private func report(
        _ request: HTTPRequest, status: Int?, failure: HTTPTransportError.Kind?, bytes: Int64,
        since start: any InstantProtocol<Duration>
    ) {
        let duration = elapsed(since: start)
        let record = ExchangeRecord(
            method: request.method, url: request.redactedURL, status: status, failure: failure,
            bytesReceived: bytes, duration: duration)
        metrics?.record(record)
        log(record)
    }

    private func elapsed(since start: any InstantProtocol<Duration>) -> Duration {
        func measure<C: Clock<Duration>>(_ clock: C) -> Duration {
            guard let start = start as? C.Instant else { return .zero }
            return start.duration(to: clock.now)
        }
        return measure(clock)
    }
}

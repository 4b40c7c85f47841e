public import NetworkInterface

/// What ``LoggingTransport`` reports about one exchange: no header, no body, no credential.
public struct ExchangeRecord: Sendable, Equatable, CustomStringConvertible {
    /// The request's method.
    public let method: HTTPMethod
    /// The URL without user name or password.
    public let url: String
    /// The status, or nil when the exchange failed.
    public let status: Int?
    /// The failure's kind, or nil when a response arrived.
    public let failure: HTTPTransportError.Kind?
    /// Body bytes received.
    public let bytesReceived: Int64
    /// How long the exchange took, by the injected clock.
    public let duration: Duration

    public var description: String {
        let outcome = status.map(String.init) ?? "failed: \(failure?.rawValue ?? "unknown")"
        return "\(method) \(url) \(outcome) \(bytesReceived) bytes in \(duration)"
    }
}

/// No complete answer arrived. The ``kind`` says what a caller can act on; the text never holds
/// credentials.
public struct HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in kinds a caller can act on.
    public enum Kind: String, Sendable, CaseIterable {
        /// No data for too long (idle timeout) or past the request's overall deadline.
        case timedOut
        /// The server could not be reached: refused, unknown host, no route.
        case cannotConnect
        /// The connection broke before the whole response arrived, or the body was shorter than
        /// its `Content-Length`.
        case connectionLost
        /// The TLS handshake or the certificate failed.
        case tls
        /// The body was longer than the memory limit of ``HTTPResponseDestination/memory(limit:)``.
        case responseTooLarge
        /// The server redirected a request that must not follow redirects (a write loses its body).
        case redirectRefused
        /// The caller's task was cancelled.
        case cancelled
        /// A local file (the request body or the destination) could not be read or written.
        case localFile
        /// Anything else (a malformed URL, an unsupported scheme ...).
        case other
    }

    /// What went wrong, to decide what to do.
    public let kind: Kind
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL without user name or password.
    public let url: String
    /// A sentence about what happened.
    public let detail: String

    /// Creates an error about `request`.
    public init(_ kind: Kind, _ request: HTTPRequest, _ detail: String) {
        self.kind = kind
        self.method = request.method
        self.url = request.redactedURL
        self.detail = detail
    }

    /// Whether trying again may help: timeouts, refused or lost connections.
    public var isTransient: Bool {
        kind == .timedOut || kind == .cannotConnect || kind == .connectionLost
    }

    public var description: String { "\(method) \(url): \(kind.rawValue): \(detail)" }
}

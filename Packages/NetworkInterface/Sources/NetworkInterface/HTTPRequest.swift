public import Foundation

/// One HTTP request: method, URL, headers, body, where the answer goes and how long it may take.
///
/// ```swift
/// var request = HTTPRequest(.propfind, folderURL, headers: ["Depth": "1"])
/// request.deadline = .seconds(30)
/// ```
/// ``description`` never shows credentials (a password in the URL, an `Authorization` value).
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The method, sent as is.
    public var method: HTTPMethod
    /// An absolute `http` or `https` URL, percent-encoded.
    public var url: URL
    /// Header fields, sent in this order.
    public var headers: HTTPHeaders
    /// What is sent after the headers.
    public var body: HTTPRequestBody
    /// Where the response body goes.
    public var destination: HTTPResponseDestination
    /// The longest the whole exchange may take, whatever the server trickles; nil for the
    /// transport's own default. Over it, the transport throws ``HTTPTransportError/Kind/timedOut``.
    public var deadline: Duration?

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: header fields, in order.
    ///   - body: what to send.
    ///   - destination: where the response body goes (memory up to 16 MiB by default).
    ///   - deadline: the longest the whole exchange may take; nil for the transport's default.
    public init(
        _ method: HTTPMethod, _ url: URL, headers: HTTPHeaders = [:], body: HTTPRequestBody = .none,
        destination: HTTPResponseDestination = .memory, deadline: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.destination = destination
        self.deadline = deadline
    }

    /// Whether the request carries a precondition (`If-Match`, `If-None-Match`,
    /// `If-Unmodified-Since`): the server applies it at most once, so repeating it is safe.
    public var isConditional: Bool {
        headers.contains("If-Match") || headers.contains("If-None-Match") || headers.contains("If-Unmodified-Since")
    }

    /// Whether sending it again after a lost answer cannot do harm: an idempotent method or a
    /// conditional request.
    public var isSafeToRepeat: Bool { method.isIdempotent || isConditional }

    /// The URL without user name or password, for messages and logs.
    public var redactedURL: String { Self.redacted(url) }

    public var description: String { "\(method) \(redactedURL)" }

    public var debugDescription: String { "\(method) \(redactedURL)\n\(headers)" }

    /// `url` as text without user name or password.
    public static func redacted(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "<url>" }
        if parts.user != nil || parts.password != nil {
            parts.user = nil
            parts.password = nil
        }
        return parts.string ?? "<url>"
    }
}

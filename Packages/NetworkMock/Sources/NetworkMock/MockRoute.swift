public import Foundation
public import NetworkInterface

/// What a ``MockHTTPTransport`` does with a request a route matches.
public indirect enum MockAction: Sendable {
    /// Answers this response (any status).
    case respond(HTTPResponse)
    /// Throws a transport error of this kind.
    case fail(HTTPTransportError.Kind)
    /// Waits this long on the virtual clock, then does the next action; a wait past the request's
    /// deadline or the transport's idle timeout throws `timedOut` instead.
    case delay(Duration, then: MockAction)
    /// Does the next action but delivers only the first `bytes` of its body, then the connection
    /// drops: `connectionLost`, as the Live transport reports a body shorter than its length.
    case cutBody(after: Int, then: MockAction)
    /// The connection is reset before any answer: `connectionLost`.
    case reset
    /// Answers what the handler returns (or throws).
    case handle(@Sendable (HTTPRequest) throws -> HTTPResponse)
    /// Passes the request on to the in-memory WebDAV server.
    case server(InMemoryWebDAVServer)

    /// A response with this status, headers and body.
    public static func respond(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) -> MockAction {
        .respond(HTTPResponse(status: status, headers: headers, body: body))
    }
}

/// A scripted answer for requests by method and path.
public struct MockRoute: Sendable, CustomStringConvertible {
    /// How many requests a route answers before it is used up.
    public enum Times: Sendable, Equatable {
        case always
        case count(Int)

        /// One request only.
        public static let once = Times.count(1)
    }

    /// The method it matches; nil for any.
    public let method: HTTPMethod?
    /// The URL path it matches (percent-decoded); a trailing `*` matches every path it prefixes.
    public let path: String
    /// What the route does with a request it matches.
    public let action: MockAction
    /// How many requests it answers.
    public let times: Times

    /// Creates a route.
    public init(_ method: HTTPMethod?, _ path: String, _ action: MockAction, times: Times = .always) {
        self.method = method
        self.path = path
        self.action = action
        self.times = times
    }

    /// Whether the route answers `request`.
    public func matches(_ request: HTTPRequest) -> Bool {
        guard method == nil || method == request.method else { return false }
        let requested = request.url.path(percentEncoded: false)
        if path.hasSuffix("*") { return requested.hasPrefix(String(path.dropLast())) }
        return requested == path
    }

    public var description: String { "\(method?.rawValue ?? "*") \(path)" }
}

/// A ``MockHTTPTransport`` got a request no route answers and it has no server: the test forgot a
/// route, or the code under test sent something unexpected. Never a transport error, so no retry
/// policy swallows it.
public struct UnmatchedRequest: Error, Sendable, CustomStringConvertible {
    /// The request, credentials redacted.
    public let request: String
    /// The routes that were active.
    public let routes: [String]

    public var description: String {
        "MockHTTPTransport: no route for \(request); active routes: \(routes.isEmpty ? "none" : routes.joined(separator: ", "))"
    }
}

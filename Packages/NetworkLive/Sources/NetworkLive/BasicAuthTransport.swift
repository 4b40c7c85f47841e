public import Foundation
public import NetworkInterface

/// Wraps any transport with Basic authentication: adds `Authorization` to requests for the one
/// origin the credentials belong to (scheme, host, port), never to another, and never replaces an
/// `Authorization` the request already has.
///
/// ```swift
/// let transport = BasicAuthTransport(URLSessionTransport.shared, credentials: credentials, for: serverURL)
/// ```
public struct BasicAuthTransport: HTTPTransport {
    let base: any HTTPTransport
    let credentials: Credentials
    let origin: Origin

    struct Origin: Sendable, Equatable {
        let scheme: String?
        let host: String?
        let port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased()
            host = url.host?.lowercased()
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
    }

    /// Wraps `base`.
    /// - Parameters:
    ///   - base: the transport that sends.
    ///   - credentials: the user and password.
    ///   - server: any URL of the server they belong to.
    public init(_ base: any HTTPTransport, credentials: Credentials, for server: URL) {
        self.base = base
        self.credentials = credentials
        self.origin = Origin(server)
    }

    /// Sends `request`, authenticated when it goes to the credentials' origin.
    /// - Throws: what the wrapped transport throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if Origin(request.url) == origin, !request.headers.contains("Authorization") {
            request.headers["Authorization"] = credentials.basicAuthorization
        }
        return try await base.send(request)
    }
}

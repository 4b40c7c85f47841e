/// Sends one HTTP request and returns the server's answer: the network seen through one method.
///
/// A status code is data, never an error: a `404` or a `412` comes back as an ``HTTPResponse``.
/// Only a failure to get an answer at all throws, as an ``HTTPTransportError`` whose
/// ``HTTPTransportError/kind`` says what a caller can do about it (retry, give up, report).
///
/// Policies (retries, authentication, logging) are wrappers that take any transport, so the
/// production transport and the in-memory one get the same policies.
///
/// ```swift
/// struct Uploader {
///     let transport: any HTTPTransport
///     func upload(_ data: Data, to url: URL) async throws -> Bool {
///         let response = try await transport.send(HTTPRequest(.put, url, body: .bytes(data)))
///         return response.isSuccess
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response (into memory or into a file, as
    /// ``HTTPRequest/destination`` says).
    /// - Parameter request: what to send.
    /// - Returns: the status, headers and body the server answered, whatever the status.
    /// - Throws: ``HTTPTransportError`` when no complete answer arrived: the connection failed,
    ///   was lost or timed out, the body was over its limit, a redirect was refused, the task was
    ///   cancelled, or a local file could not be read or written.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

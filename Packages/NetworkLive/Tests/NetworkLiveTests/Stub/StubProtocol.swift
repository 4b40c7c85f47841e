import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLProtocol that answers from a table keyed by URL path, so the Live transport's own logic
/// (redirects, short bodies, deadlines, placement of bodies) is tested without a server.
final class StubProtocol: URLProtocol {
    enum Behaviour: Sendable {
        /// Answers this status, headers and body.
        case respond(status: Int, headers: [String: String], body: Data)
        /// Redirects to `location` with `status`.
        case redirect(status: Int, location: String)
        /// Declares `declared` bytes in Content-Length and sends only `sent`, then ends.
        case shortBody(declared: Int, sent: Data)
        /// Answers 200 with a body sent as these chunks, one by one.
        case chunks([Data])
        /// Never answers.
        case silent
    }

    private static let table = Mutex<[String: Behaviour]>([:])
    private static let bodies = Mutex<[String: Data]>([:])

    /// Makes requests for `path` behave as `behaviour`.
    static func stub(_ path: String, _ behaviour: Behaviour) {
        table.withLock { $0[path] = behaviour }
    }

    /// The body the last request for `path` carried.
    static func body(for path: String) -> Data? {
        bodies.withLock { $0[path] }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url else { return }
        let path = url.path
        if let body = request.httpBody ?? request.httpBodyStream.map(Self.drain) {
            Self.bodies.withLock { $0[path] = body }
        }
        let behaviour =
            Self.table.withLock { $0[path] } ?? .respond(status: 599, headers: [:], body: Data("no stub".utf8))
        switch behaviour {
        case .respond(let status, let headers, let body):
            var fields = headers
            fields["Content-Length"] = fields["Content-Length"] ?? String(body.count)
            answer(url, status, fields, body)
        case .redirect(let status, let location):
            guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1",
                    headerFields: ["Location": target.absoluteString, "Content-Length": "0"])
            else { return }
            var next = request
            next.url = target
            client?.urlProtocol(self, wasRedirectedTo: next, redirectResponse: response)
        case .shortBody(let declared, let sent):
            answer(url, 200, ["Content-Length": String(declared)], sent)
        case .chunks(let chunks):
            guard
                let response = HTTPURLResponse(
                    url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: ["Content-Length": String(chunks.reduce(0) { $0 + $1.count })])
            else { return }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            for chunk in chunks { client?.urlProtocol(self, didLoad: chunk) }
            client?.urlProtocolDidFinishLoading(self)
        case .silent:
            break
        }
    }

    override func stopLoading() {}

    private func answer(_ url: URL, _ status: Int, _ headers: [String: String], _ body: Data) {
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
        client?.urlProtocolDidFinishLoading(self)
    }

    private static func drain(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

import Foundation
import NetworkInterface
import NetworkLive
import Testing

/// The Live transport's own logic through a URLProtocol stub, no server needed.
///
/// corelibs-foundation traps when a custom protocol serves a download task, or redirects, so the
/// stub serves the upload path (a file body); downloads and redirects are tested against
/// ``TinyHTTPServer`` below.
@Suite("URLSessionTransport through a URLProtocol stub: statuses, short bodies, deadlines, cancellation")
struct URLSessionTransportStubTests {
    private let transport = StubTransports.stubbed

    private func url(_ path: String) -> URL { URL(string: "http://stub.test\(path)")! }

    /// A file body for one test, removed by the caller.
    private func bodyFile(_ text: String) throws -> URL {
        let url = try makeTemporaryFolder("body").appending(path: "body")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("a status is data: 412, 503 and 404 come back as responses", arguments: [412, 503, 404])
    func statusIsData(status: Int) async throws {
        let path = uniquePath("status")
        StubProtocol.stub(path, .respond(status: status, headers: ["ETag": "\"x\""], body: Data("why".utf8)))
        let body = try bodyFile("body")
        defer { try? FileManager.default.removeItem(at: body.deletingLastPathComponent()) }
        let response = try await transport.send(HTTPRequest(.put, url(path), body: .file(body)))
        #expect(response.status == status)
        #expect(response.body == Data("why".utf8))
        #expect(response.etag == "\"x\"")
    }

    @Test("a body shorter than its Content-Length is connectionLost")
    func shortBody() async throws {
        let path = uniquePath("short")
        StubProtocol.stub(path, .shortBody(declared: 100, sent: Data(repeating: 7, count: 10)))
        let body = try bodyFile("x")
        defer { try? FileManager.default.removeItem(at: body.deletingLastPathComponent()) }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.put, url(path), body: .file(body)))
        }
        #expect(error?.kind == .connectionLost)
    }

    @Test("an answer over the memory limit is responseTooLarge")
    func tooLarge() async throws {
        let path = uniquePath("large")
        StubProtocol.stub(path, .respond(status: 200, headers: [:], body: Data(repeating: 1, count: 5000)))
        let body = try bodyFile("x")
        defer { try? FileManager.default.removeItem(at: body.deletingLastPathComponent()) }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.put, url(path), body: .file(body), destination: .memory(limit: 4999)))
        }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test("a missing body file is a localFile error and sends nothing")
    func missingBodyFile() async throws {
        let path = uniquePath("nofile")
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.put, url(path), body: .file(URL(filePath: "/nonexistent/\(UUID())"))))
        }
        #expect(error?.kind == .localFile)
        #expect(StubProtocol.body(for: path) == nil)
    }

    @Test("a server that never answers is timedOut at our own deadline (the injected sleep ends it)")
    func deadline() async throws {
        let path = uniquePath("silent")
        StubProtocol.stub(path, .silent)
        let body = try bodyFile("x")
        defer { try? FileManager.default.removeItem(at: body.deletingLastPathComponent()) }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await StubTransports.instantDeadline.send(
                HTTPRequest(.put, url(path), body: .file(body), deadline: .seconds(5)))
        }
        #expect(error?.kind == .timedOut)
    }

    @Test("a cancelled task is cancelled, not a failure of the server")
    func cancelled() async throws {
        let path = uniquePath("cancel")
        StubProtocol.stub(path, .silent)
        let body = try bodyFile("x")
        defer { try? FileManager.default.removeItem(at: body.deletingLastPathComponent()) }
        let task = Task { try await transport.send(HTTPRequest(.put, url(path), body: .file(body))) }
        task.cancel()
        let error = await #expect(throws: HTTPTransportError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
    }

    @Test("a non-HTTP URL is refused before anything is sent")
    func scheme() async throws {
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, URL(string: "ftp://stub.test/x")!))
        }
        #expect(error?.kind == .other)
    }
}

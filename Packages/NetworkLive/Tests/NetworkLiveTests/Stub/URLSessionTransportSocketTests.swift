import Foundation
import NetworkInterface
import NetworkLive
import Testing

/// Downloads and redirects against a responder on a socket of the test process (no external
/// server): corelibs-foundation traps when a URLProtocol stub serves a download or redirects.
@Suite("URLSessionTransport against sockets on 127.0.0.1: redirects, downloads, connection failures")
struct URLSessionTransportSocketTests {
    private let transport = StubTransports.shortIdle

    private func url(_ server: TinyHTTPServer, _ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    @Test(
        "a redirected write is redirectRefused, and the target never sees a bodiless copy",
        arguments: [
            HTTPMethod.put, .delete, .move, .mkcol, .post,
        ])
    func writeRedirect(method: HTTPMethod) async throws {
        let server = try TinyHTTPServer(routes: [
            "/old": "HTTP/1.1 307 Temporary Redirect\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n",
            "/new": "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n",
        ])
        defer { server.stop() }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(method, url(server, "/old"), body: .bytes(Data("precious".utf8))))
        }
        #expect(error?.kind == .redirectRefused)
        #expect(server.requests.map(\.path) == ["/old"])
    }

    @Test(
        "a body from memory and a body from a file reach the wire whole, with a Content-Type", arguments: [false, true])
    func bodyReachesWire(fromFile: Bool) async throws {
        let server = try TinyHTTPServer(routes: ["/up": "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"])
        defer { server.stop() }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = folder.appending(path: "body")
        try payload.write(to: file)
        let body: HTTPRequestBody = fromFile ? .file(file) : .bytes(payload)
        let response = try await transport.send(HTTPRequest(.put, url(server, "/up"), body: body))
        #expect(response.status == 201)
        #expect(server.requests.first?.body == payload)
        #expect(server.requests.first?.headers.contains("content-type: application/octet-stream") == true)
    }

    @Test("a GET follows a redirect and returns the target's answer")
    func getRedirect() async throws {
        let server = try TinyHTTPServer(routes: [
            "/old": "HTTP/1.1 301 Moved Permanently\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n",
            "/new": "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\narrived",
        ])
        defer { server.stop() }
        let response = try await transport.send(HTTPRequest(.get, url(server, "/old")))
        #expect(response.status == 200 && response.body == Data("arrived".utf8))
    }

    @Test(
        "a connection closed before the declared length is connectionLost, and no file is placed",
        arguments: [false, true])
    func shortOnTheWire(toFile: Bool) async throws {
        let server = try TinyHTTPServer(routes: [
            "/short": "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly ten b"
        ])
        defer { server.stop() }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination: HTTPResponseDestination = toFile ? .file(folder.appending(path: "out")) : .memory
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, url(server, "/short"), destination: destination))
        }
        #expect(error?.kind == .connectionLost, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a download replaces its destination whole and leaves nothing in the temporary folder")
    func placement() async throws {
        let server = try TinyHTTPServer(routes: [
            "/file": "HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\ncontent",
            "/gone": "HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\ngone",
        ])
        defer { server.stop() }
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appending(path: "out")
        try Data("old".utf8).write(to: target)
        let before = temporaryDownloads()
        let response = try await transport.send(HTTPRequest(.get, url(server, "/file"), destination: .file(target)))
        #expect(response.file == target && response.byteCount == 7 && response.body.isEmpty)
        #expect(try Data(contentsOf: target) == Data("content".utf8))
        let missing = try await transport.send(
            HTTPRequest(.get, url(server, "/gone"), destination: .file(folder.appending(path: "none"))))
        #expect(missing.status == 404 && missing.body == Data("gone".utf8) && missing.file == nil)
        let small = try await transport.send(HTTPRequest(.get, url(server, "/file"), destination: .memory(limit: 7)))
        #expect(small.body == Data("content".utf8))
        await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, url(server, "/file"), destination: .memory(limit: 6)))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"])
        #expect(temporaryDownloads().subtracting(before).isEmpty)
    }

    @Test("a file that changes between two ranges fails the download as connectionLost and places nothing")
    func changedBetweenRanges() async throws {
        let server = try TinyHTTPServer(sequences: [
            "/big": [
                "HTTP/1.1 206 Partial Content\r\nETag: \"v1\"\r\nContent-Range: bytes 0-3/8\r\nContent-Length: 4\r\n\r\nabcd",
                "HTTP/1.1 412 Precondition Failed\r\nContent-Length: 0\r\n\r\n",
            ]
        ])
        defer { server.stop() }
        var configuration = TransportConfiguration()
        configuration.downloadRangeSize = 4
        let ranged = URLSessionTransport(configuration: configuration)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await ranged.send(
                HTTPRequest(.get, url(server, "/big"), destination: .file(folder.appending(path: "out"))))
        }
        #expect(error?.kind == .connectionLost)
        #expect(server.requests.last?.headers.contains("if-match: \"v1\"") == true)
        #expect(server.requests.last?.headers.contains("range: bytes=4-7") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a listener that never answers trips the idle timer: timedOut")
    func idle() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, URL(string: "http://127.0.0.1:\(listener.port)/")!))
        }
        #expect(error?.kind == .timedOut)
    }

    @Test("a closed port is cannotConnect")
    func refused() async throws {
        let port = try freePort()
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, URL(string: "http://127.0.0.1:\(port)/")!))
        }
        #expect(error?.kind == .cannotConnect)
    }
}

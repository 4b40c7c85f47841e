import Foundation
import NetworkInterface
import Testing

@testable import NetworkLive

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary file of `count` bytes of a fixed pattern, and its folder (remove it after).
private func bodyFile(_ count: Int) throws -> (folder: URL, file: URL, data: Data) {
    let folder = try makeTemporaryFolder("large-upload")
    let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 12)) })
    let file = folder.appending(path: "body.bin")
    try data.write(to: file)
    return (folder, file, data)
}

/// The size just over the threshold from which file bodies go straight through libcurl.
private let overThreshold = Int(CurlFileUpload.threshold) + 4099

@Suite("A file body from 8 MiB goes straight through libcurl, as URLSession would send it")
struct LargeUploadTests {
    @Test("the body arrives whole with its Content-Length and the request's headers; the answer is read")
    func arrivesWhole() async throws {
        let (folder, file, data) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TinyHTTPServer(routes: [
            "/big.bin": "HTTP/1.1 201 Created\r\nETag: \"v1\"\r\nX-Folded: one\r\n two\r\nContent-Length: 4\r\n\r\ndone"
        ])
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/big.bin"))
        var request = HTTPRequest(.put, url, headers: ["If-None-Match": "*"], body: .file(file))
        request.headers["Authorization"] = "Basic dXNlcjpwYXNz"
        let response = try await URLSessionTransport().send(request)
        #expect(response.status == 201 && response.etag == "\"v1\"" && response.body == Data("done".utf8))
        #expect(response.headers["X-Folded"] == "one two")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "PUT" && seen.body == data)
        #expect(seen.headers.contains("content-length: \(data.count)"))
        #expect(seen.headers.contains("content-type: application/octet-stream"))
        #expect(seen.headers.contains("if-none-match: *") && seen.headers.contains("authorization: basic dxnlcjpwyxnz"))
        #expect(!seen.headers.contains { $0.hasPrefix("transfer-encoding") })
        #expect(seen.headers.contains { $0.hasPrefix("user-agent: ") && $0.hasSuffix("(unknown version) curl") })
    }

    @Test("a redirect is refused, an answer over its memory limit is too large")
    func answersChecked() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TinyHTTPServer(routes: [
            "/moved": "HTTP/1.1 307 Temporary Redirect\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n",
            "/chatty": "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + String(repeating: "x", count: 100),
        ])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let moved = try #require(URL(string: base + "/moved"))
        let kinds = try await [
            kind(HTTPRequest(.put, moved, body: .file(file))),
            kind(
                HTTPRequest(
                    .put, try #require(URL(string: base + "/chatty")), body: .file(file),
                    destination: .memory(limit: 10))),
        ]
        #expect(kinds == [.redirectRefused, .responseTooLarge])
        #expect(server.requests.filter { $0.path == "/elsewhere" }.isEmpty)
    }

    @Test("a server that refuses before reading the body (412 to a stale If-Match): its status comes back, once")
    func refusedBeforeTheBody() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let refusal = "HTTP/1.1 412 Precondition Failed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let server = try TinyHTTPServer(sequences: ["/kept": [refusal]], early: ["/kept"])
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/kept"))
        let request = HTTPRequest(.put, url, headers: ["If-Match": "\"stale\""], body: .file(file))
        let response = try await URLSessionTransport().send(request)
        #expect(response.status == 412)
        // (How much of the body left before the answer is libcurl's wait for 100 Continue: timing,
        // not asserted.)
        #expect(server.requests.count == 1)
    }

    @Test("a connection reset mid-body is a lost connection; a closed port cannot connect")
    func connectionFailures() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TinyHTTPServer(sequences: ["/cut": ["HTTP/1.1 201 Created\r\n\r\n"]], resetting: ["/cut": 1])
        defer { server.stop() }
        let cut = try #require(URL(string: "http://127.0.0.1:\(server.port)/cut"))
        #expect(try await kind(HTTPRequest(.put, cut, body: .file(file))) == .connectionLost)
        let (closed, port) = try boundSocket()
        Glibc.close(closed)  // bound, then closed: nothing listens on the port
        let nowhere = try #require(URL(string: "http://127.0.0.1:\(port)/x"))
        #expect(try await kind(HTTPRequest(.put, nowhere, body: .file(file))) == .cannotConnect)
    }

    @Test("a header holding a line break is refused before anything is sent")
    func headerInjection() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TinyHTTPServer(routes: [:])
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/x"))
        let request = HTTPRequest(.put, url, headers: ["X-Note": "a\r\nX-Evil: 1"], body: .file(file))
        #expect(try await kind(request) == .other)
        #expect(server.requests.isEmpty)
    }

    @Test("cancelling the task mid-body stops the upload")
    func cancelledMidBody() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try PausingSink(pauseAfter: 1 << 20)
        defer { sink.stop() }
        let upload = Task { try await URLSessionTransport().send(HTTPRequest(.put, sink.url, body: .file(file))) }
        await sink.paused()
        upload.cancel()
        let error = await #expect(throws: HTTPTransportError.self) { try await upload.value }
        #expect(error?.kind == .cancelled)
    }

    @Test("the deadline passing mid-body is a timeout")
    func deadlineMidBody() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try PausingSink(pauseAfter: 1 << 20)
        defer { sink.stop() }
        var configuration = TransportConfiguration()
        configuration.sleep = { _ in await sink.paused() }  // the deadline "passes" once 1 MiB is in
        let error = await #expect(throws: HTTPTransportError.self) {
            try await URLSessionTransport(configuration: configuration).send(
                HTTPRequest(.put, sink.url, body: .file(file)))
        }
        #expect(error?.kind == .timedOut)
    }

    @Test("a file that gets shorter while it is sent fails as a local file, and no short body is finished")
    func fileShrinks() async throws {
        // 32 MiB: more than libcurl's buffer and the sockets' can hold when the server pauses at 1 MiB.
        let (folder, file, data) = try bodyFile(32 << 20)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try PausingSink(pauseAfter: 1 << 20)
        defer { sink.stop() }
        let upload = Task { try await URLSessionTransport().send(HTTPRequest(.put, sink.url, body: .file(file))) }
        await sink.paused()
        #expect(truncate(file.path, 0) == 0)
        sink.resume()
        let error = await #expect(throws: HTTPTransportError.self) { try await upload.value }
        #expect(error?.kind == .localFile)
        #expect(error?.detail.contains("shorter") == true)
        await sink.finished()
        #expect((sink.bodyBytesRead ?? .max) < data.count)
    }

    @Test("response header lines: folded lines join the field before, lines without a colon are skipped")
    func headerParsing() {
        let headers = CurlFileUpload.headers(
            parsing: "ETag: \"a\"\r\nX-Long: one\r\n\ttwo\r\nnonsense\r\nEmpty:\r\nBare: lf\nAfter: it\r\n\r\n")
        #expect(headers.fields.map(\.name) == ["ETag", "X-Long", "Empty", "Bare", "After"])
        #expect(headers["X-Long"] == "one two" && headers["Empty"] == "")
        #expect(headers["Bare"] == "lf" && headers["After"] == "it")
    }

    @Test("libcurl's low-speed limit follows the slowest rate, and is off when that is under 1 byte a second")
    func lowSpeed() {
        var slowest = SlowestRate()
        slowest.bytes = 6000
        slowest.window = .seconds(30)
        #expect(CurlFileUpload.lowSpeed(slowest) == (200, 30))
        slowest.bytes = 10
        #expect(CurlFileUpload.lowSpeed(slowest) == (0, 0))
    }

    @Test("a server that stops reading mid-body is a timeout once nothing has moved for the idle timeout")
    func idleMidBody() async throws {
        let (folder, file, _) = try bodyFile(overThreshold)
        defer { try? FileManager.default.removeItem(at: folder) }
        let listener = try SilentListener()  // accepts (the kernel does), never reads or answers
        defer { listener.close() }
        var configuration = TransportConfiguration()
        configuration.idleTimeout = .seconds(1)
        configuration.slowestRate.bytes = 0  // only the idle timeout can end it
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/x"))
        let error = await #expect(throws: HTTPTransportError.self) {
            try await URLSessionTransport(configuration: configuration).send(HTTPRequest(.put, url, body: .file(file)))
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.detail.contains("nothing moved") == true, "the direct path's own idle check")
    }

    /// The kind of error `request` fails with, or nil when it succeeds.
    private func kind(_ request: HTTPRequest) async throws -> HTTPTransportError.Kind? {
        do {
            _ = try await URLSessionTransport().send(request)
            return nil
        } catch let error as HTTPTransportError {
            return error.kind
        }
    }
}

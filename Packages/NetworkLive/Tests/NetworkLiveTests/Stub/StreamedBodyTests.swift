import Foundation
import NetworkInterface
import Testing

@testable import NetworkLive

/// A file body is our own stream, made afresh for each attempt, with an honest Content-Length:
/// FoundationNetworking's file body cannot be rewound and traps when every connection is reset
/// mid-upload.
@Suite("File bodies are streamed per attempt, with an honest length")
struct StreamedBodyTests {
    private let transport = StubTransports.shortIdle

    private func file(_ payload: Data) throws -> (URL, URL) {
        let folder = try makeTemporaryFolder()
        let file = folder.appending(path: "body")
        try payload.write(to: file)
        return (folder, file)
    }

    @Test("a file body goes with its Content-Length, not chunked, and no Expect below 1 MiB")
    func honestLength() async throws {
        let server = try TinyHTTPServer(routes: ["/up": "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"])
        defer { server.stop() }
        let payload = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let (folder, body) = try file(payload)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = URL(string: "http://127.0.0.1:\(server.port)/up")!
        let response = try await transport.send(HTTPRequest(.put, url, body: .file(body)))
        #expect(response.status == 201)
        let seen = try #require(server.requests.first)
        #expect(seen.body == payload)
        #expect(seen.headers.contains("content-length: 100000"))
        #expect(!seen.headers.contains { $0.hasPrefix("transfer-encoding") || $0.hasPrefix("expect") })
    }

    @Test("an upload whose connection is reset mid-body is sent whole on the retry, from the start")
    func resetThenWhole() async throws {
        let server = try TinyHTTPServer(
            sequences: ["/up": ["HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"]], resetting: ["/up": 1])
        defer { server.stop() }
        let payload = Data((0..<900_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let (folder, body) = try file(payload)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = URL(string: "http://127.0.0.1:\(server.port)/up")!
        let retrying = RetryingTransport(transport, sleep: { _ in })
        let response = try await retrying.send(
            HTTPRequest(.put, url, headers: ["If-None-Match": "*"], body: .file(body)))
        #expect(response.status == 201)
        #expect(server.requests.count == 2, "\(server.requests.map { ($0.method, $0.body.count, $0.headers) })")
        #expect(server.requests.last?.body == payload)
    }

    @Test("an upload whose every connection is reset is connectionLost, attempt after attempt, never a crash")
    func everyConnectionReset() async throws {
        let server = try TinyHTTPServer(
            sequences: ["/up": ["HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"]], resetting: ["/up": 1000])
        defer { server.stop() }
        let (folder, body) = try file(Data(repeating: 7, count: 900_000))
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = URL(string: "http://127.0.0.1:\(server.port)/up")!
        for _ in 0..<20 {
            let error = await #expect(throws: HTTPTransportError.self) {
                try await transport.send(HTTPRequest(.put, url, body: .file(body)))
            }
            #expect(error?.isTransient == true, "\(String(describing: error))")
        }
    }

    @Test("the stream gives exactly the announced length: a longer file is cut there, a shorter one is an error")
    func boundedStream() throws {
        let (folder, body) = try file(Data("0123456789".utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        func drain(_ length: Int64) -> (Data, Int) {
            let stream = FileBodyStream(url: body, length: length)
            stream.open()
            defer { stream.close() }
            var out = Data()
            var buffer = [UInt8](repeating: 0, count: 4)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { return (out, count) }
                out.append(contentsOf: buffer[..<count])
            }
        }
        #expect(drain(6) == (Data("012345".utf8), 0))
        #expect(drain(10) == (Data("0123456789".utf8), 0))
        let (short, end) = drain(12)
        #expect(short == Data("0123456789".utf8) && end == -1)
        let missing = FileBodyStream(url: folder.appending(path: "none"), length: 1)
        missing.open()
        #expect(missing.streamStatus == .error)
    }
}

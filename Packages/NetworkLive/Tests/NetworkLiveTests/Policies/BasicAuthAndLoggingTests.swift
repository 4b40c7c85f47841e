import Foundation
import NetworkInterface
import NetworkLive
import Synchronization
import Testing

@Suite("BasicAuthTransport authenticates its own origin only, and LoggingTransport never logs secrets")
struct BasicAuthAndLoggingTests {
    private let credentials = Credentials(user: "alice", password: "hunter2")

    @Test("requests to the credentials' origin carry Basic authorization")
    func sameOrigin() async throws {
        let base = ScriptedTransport([])
        let transport = BasicAuthTransport(
            base, credentials: credentials, for: URL(string: "https://dav.test/remote.php/")!)
        _ = try await transport.send(HTTPRequest(.get, URL(string: "https://DAV.test:443/other/file")!))
        #expect(base.requests.first?.headers["Authorization"] == "Basic YWxpY2U6aHVudGVyMg==")
    }

    @Test(
        "requests to another host, port or scheme carry no credentials",
        arguments: [
            "https://evil.test/a", "https://dav.test:8443/a", "http://dav.test/a",
        ])
    func otherOrigin(url: String) async throws {
        let base = ScriptedTransport([])
        let transport = BasicAuthTransport(base, credentials: credentials, for: URL(string: "https://dav.test/")!)
        _ = try await transport.send(HTTPRequest(.get, URL(string: url)!))
        #expect(base.requests.first?.headers["Authorization"] == nil)
    }

    @Test("an Authorization the request already has is kept")
    func kept() async throws {
        let base = ScriptedTransport([])
        let transport = BasicAuthTransport(base, credentials: credentials, for: URL(string: "https://dav.test/")!)
        _ = try await transport.send(
            HTTPRequest(.get, URL(string: "https://dav.test/a")!, headers: ["Authorization": "Bearer t"]))
        #expect(base.requests.first?.headers.values(for: "authorization") == ["Bearer t"])
    }

    @Test("credentials never print their password, however they are shown")
    func redacted() {
        let texts = [
            credentials.description, String(reflecting: credentials), "\(credentials)",
            {
                var dumped = ""
                dump(credentials, to: &dumped)
                return dumped
            }(),
        ]
        for text in texts {
            #expect(!text.contains("hunter2"), "\(text)")
            #expect(text.contains("alice"))
        }
    }

    @Test("a log record holds method, redacted URL, status or failure, bytes and duration; nothing secret")
    func logging() async throws {
        let base = ScriptedTransport([.status(207), .failure(.connectionLost)])
        let records = RecordingLog()
        let metrics = TransportMetrics()
        let auth = BasicAuthTransport(base, credentials: credentials, for: URL(string: "https://dav.test/")!)
        let transport = LoggingTransport(auth, metrics: metrics, log: records.append)
        let url = URL(string: "https://alice:hunter2@dav.test/folder/")!
        _ = try await transport.send(HTTPRequest(.propfind, url, headers: ["Depth": "1"]))
        await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.get, url)) }
        let lines = records.all.map(\.description)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("PROPFIND https://dav.test/folder/ 207 4 bytes"))
        #expect(lines[1].hasPrefix("GET https://dav.test/folder/ failed: connectionLost"))
        #expect(lines.allSatisfy { !$0.contains("hunter2") && !$0.contains("YWxpY2U6aHVudGVyMg") })
        let snapshot = metrics.snapshot
        #expect(snapshot.requests == 2 && snapshot.statuses == [207: 1] && snapshot.failures == ["connectionLost": 1])
        #expect(snapshot.bytesReceived == 4)
    }
}

/// Collects log records.
final class RecordingLog: Sendable {
    private let records = Mutex<[ExchangeRecord]>([])

    var all: [ExchangeRecord] { records.withLock { $0 } }

    var append: @Sendable (ExchangeRecord) -> Void {
        { [self] record in records.withLock { $0.append(record) } }
    }
}

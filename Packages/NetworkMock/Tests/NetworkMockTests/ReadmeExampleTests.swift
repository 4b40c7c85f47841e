import Foundation
import NetworkInterface
import NetworkMock
import Testing

/// The README's example, compiled and run.
@Suite("The NetworkMock README example works as written")
struct ReadmeExampleTests {
    struct RemoteStore: Sendable {
        let server: URL
        let transport: any HTTPTransport

        init(server: URL, using transport: any HTTPTransport) {
            self.server = server
            self.transport = transport
        }

        func upload(_ name: String) async throws {
            let response = try await transport.send(
                HTTPRequest(.put, server.appending(path: name), body: .bytes(Data("x".utf8))))
            guard response.isSuccess else {
                throw HTTPTransportError(.other, HTTPRequest(.put, server), "status \(response.status)")
            }
        }
    }

    @Test("an upload that loses its connection once is reported")
    func upload() async throws {
        let server = InMemoryWebDAVServer(quirks: .rclone)
        server.makeCollection(at: "/docs")
        let transport = MockHTTPTransport(server: server)
        transport.route(.put, "/docs/a.txt", .reset, times: .once)
        let store = RemoteStore(server: URL(string: "http://dav.test/docs/")!, using: transport)
        await #expect(throws: HTTPTransportError.self) { try await store.upload("a.txt") }
        try await store.upload("a.txt")
        #expect(server.file(at: "/docs/a.txt") != nil)
    }
}

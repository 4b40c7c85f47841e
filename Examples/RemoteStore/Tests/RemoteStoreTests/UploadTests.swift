import Foundation
import NetworkInterface
import NetworkMock
import RemoteStore
import Testing

@Test("an upload that loses its connection once is reported")
func upload() async throws {
    let server = InMemoryWebDAVServer(quirks: .rclone)  // If-Match ignored, like rclone
    server.makeCollection(at: "/docs")
    let transport = MockHTTPTransport(server: server)
    transport.route(.put, "/docs/a.txt", .reset, times: .once)  // then the server answers
    let store = RemoteStore(server: URL(string: "http://dav.test/docs/")!, using: transport)
    await #expect(throws: HTTPTransportError.self) { try await store.upload("a.txt") }
    try await store.upload("a.txt")
    #expect(server.file(at: "/docs/a.txt") != nil)
}

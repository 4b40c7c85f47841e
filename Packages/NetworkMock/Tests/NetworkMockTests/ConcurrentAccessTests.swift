import Foundation
import InMemorySupport
import NetworkInterface
import NetworkMock
import Testing

@Suite("Concurrent requests on one Mock transport and server")
struct ConcurrentAccessTests {
    @Test("parallel PUTs, GETs and PROPFINDs all land, and the journal counts every one")
    func parallel() async throws {
        let server = InMemoryWebDAVServer()
        let transport = MockHTTPTransport(server: server)
        transport.route(.get, "/scripted", .respond(status: 200))
        let base = URL(string: "http://dav.test/")!
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let url = base.appending(path: "f\(index)")
                    _ = try await transport.send(HTTPRequest(.put, url, body: .bytes(Data([UInt8(index)]))))
                    _ = try await transport.send(HTTPRequest(.get, url))
                    _ = try await transport.send(HTTPRequest(.propfind, base, headers: ["Depth": "1"]))
                    _ = try await transport.send(HTTPRequest(.get, base.appending(path: "scripted")))
                }
            }
            try await group.waitForAll()
        }
        #expect(server.paths.count == 65)
        #expect(transport.world.journal.count == 256)
        #expect(transport.requests.count == 256)
    }
}

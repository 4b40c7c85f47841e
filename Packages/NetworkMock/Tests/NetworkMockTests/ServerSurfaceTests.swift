import Foundation
import InMemorySupport
import NetworkInterface
import Testing

@testable import NetworkMock

/// The server's helpers for tests, and which requests count as changes for the world's crash
/// switch (a kill between two changes must see every change, and only changes).
@Suite("The in-memory server's helpers and the transport's change count")
struct ServerSurfaceTests {
    @Test("isCollection: a collection is one; a file and nothing are not")
    func isCollection() {
        let server = InMemoryWebDAVServer()
        server.makeCollection(at: "/c")
        server.write(Data("x".utf8), at: "/c/f")
        #expect(server.isCollection("/c") && server.isCollection("/c/"))
        #expect(!server.isCollection("/c/f"))
        #expect(!server.isCollection("/c/none"))
    }

    @Test("a server path keeps the root's one slash and drops a trailing one elsewhere")
    func paths() {
        #expect(WebDAVPath("/").text == "/")
        #expect(WebDAVPath("").text == "/")
        #expect(WebDAVPath("/a/b/").text == "/a/b")
        #expect(WebDAVPath("a").text == "/a")
    }

    @Test("reads (GET, HEAD, PROPFIND, OPTIONS) are not changes; PUT, MKCOL, MOVE and DELETE are")
    func changesCounted() async throws {
        let world = MockWorld()
        let server = InMemoryWebDAVServer()
        server.makeCollection(at: "/c")
        server.write(Data("x".utf8), at: "/c/f")
        let transport = MockHTTPTransport(world: world, server: server)
        let base = URL(string: "http://dav.test/c/")!
        for method in [HTTPMethod.get, .head, .options] {
            _ = try await transport.send(HTTPRequest(method, base.appending(path: "f")))
        }
        _ = try await transport.send(HTTPRequest(.propfind, base, headers: ["Depth": "1"]))
        #expect(world.mutationCount == 0, "reads counted as changes")
        _ = try await transport.send(HTTPRequest(.mkcol, base.appending(path: "d/")))
        _ = try await transport.send(HTTPRequest(.put, base.appending(path: "g"), body: .bytes(Data("y".utf8))))
        _ = try await transport.send(HTTPRequest(.delete, base.appending(path: "g")))
        #expect(world.mutationCount == 3)
    }
}

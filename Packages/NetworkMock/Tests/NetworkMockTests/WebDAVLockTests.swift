import Foundation
import NetworkInterface
import NetworkMock
import Testing

/// The in-memory server's write locks answer as rclone 1.60's did to the same requests (curl
/// against `rclone serve webdav`, 2026-12-05): the first `LOCK` 201 with a token (an empty file
/// made), a second 423, a `PUT` 423 without the token in `If` and 201 with it, `UNLOCK` 204.
@Suite("WebDAV locks on the in-memory server")
struct WebDAVLockTests {
    let url = URL(string: "http://dav.test/lock")!

    func lock(_ server: InMemoryWebDAVServer) -> HTTPResponse {
        server.respond(to: HTTPRequest(.lock, url), body: Data("<D:lockinfo xmlns:D=\"DAV:\"/>".utf8))
    }

    func put(_ server: InMemoryWebDAVServer, if condition: String?) -> HTTPResponse {
        var request = HTTPRequest(.put, url)
        if let condition { request.headers["If"] = condition }
        return server.respond(to: request, body: Data("mine".utf8))
    }

    @Test("one lock at a time; a change of the locked file needs its token")
    func exclusive() throws {
        let server = InMemoryWebDAVServer(quirks: .rclone)
        let first = lock(server)
        #expect(first.status == 201)
        #expect(server.file(at: "/lock") == Data())
        let token = try #require(first.headers["Lock-Token"])
        #expect(lock(server).status == 423)
        #expect(put(server, if: nil).status == 423)
        #expect(server.respond(to: HTTPRequest(.delete, url), body: Data()).status == 423)
        #expect(put(server, if: "(\(token))").status == 204)
        #expect(server.file(at: "/lock") == Data("mine".utf8))
        #expect(
            server.respond(to: HTTPRequest(.unlock, url, headers: ["Lock-Token": "<other>"]), body: Data()).status
                == 409)
        #expect(
            server.respond(to: HTTPRequest(.unlock, url, headers: ["Lock-Token": token]), body: Data()).status == 204)
        #expect(put(server, if: nil).status == 204)
        #expect(lock(server).status == 200, "a lock of an existing file")
    }

    @Test("a server that takes no locks answers 405")
    func refused() {
        let server = InMemoryWebDAVServer(quirks: [.rclone, .refusesLocks])
        #expect(lock(server).status == 405)
        #expect(put(server, if: nil).status == 201)
    }
}

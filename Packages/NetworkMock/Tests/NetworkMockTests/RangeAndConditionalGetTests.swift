import Foundation
import NetworkInterface
import NetworkMock
import Testing

/// GET with `Range` and `If-Match`, as lighttpd and Apache answer them (downloads in parts).
@Suite struct RangeAndConditionalGetTests {
    let server = InMemoryWebDAVServer()
    let url = URL(string: "http://dav.test/f.bin")!

    init() {
        server.write(Data((0..<100).map { UInt8($0) }), at: "/f.bin")
    }

    @Test("a Range asks for part of the body: 206 with Content-Range; an end past the body is cut")
    func range() throws {
        let part = server.respond(to: HTTPRequest(.get, url, headers: ["Range": "bytes=10-19"]), body: Data())
        #expect(part.status == 206)
        #expect(part.body == Data((10..<20).map { UInt8($0) }))
        #expect(part.headers["Content-Range"] == "bytes 10-19/100")
        let tail = server.respond(to: HTTPRequest(.get, url, headers: ["Range": "bytes=90-500"]), body: Data())
        #expect(tail.status == 206 && tail.body.count == 10)
        let ignored = server.respond(to: HTTPRequest(.get, url, headers: ["Range": "bytes=200-300"]), body: Data())
        #expect(ignored.status == 200 && ignored.body.count == 100)
    }

    @Test("If-Match on a GET: the current ETag reads, any other is 412")
    func conditionalGet() throws {
        let etag = try #require(server.respond(to: HTTPRequest(.head, url), body: Data()).etag)
        #expect(server.respond(to: HTTPRequest(.get, url, headers: ["If-Match": etag]), body: Data()).status == 200)
        #expect(
            server.respond(to: HTTPRequest(.get, url, headers: ["If-Match": "\"other\""]), body: Data()).status == 412)
    }
}

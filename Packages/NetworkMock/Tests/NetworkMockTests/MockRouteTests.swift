import Foundation
import InMemorySupport
import NetworkInterface
import NetworkMock
import Testing

@Suite("MockHTTPTransport answers as scripted and records every request")
struct MockRouteTests {
    private let url = URL(string: "http://dav.test/a.txt")!

    @Test("a route answers by method and path; a status is data")
    func respond() async throws {
        let transport = MockHTTPTransport()
        transport.route(.put, "/a.txt", .respond(status: 412))
        transport.route(.get, "/a.txt", .respond(status: 200, body: Data("hi".utf8)))
        #expect(try await transport.send(HTTPRequest(.put, url)).status == 412)
        let got = try await transport.send(HTTPRequest(.get, url))
        #expect(got.body == Data("hi".utf8) && got.headers["content-length"] == "2")
    }

    @Test("an unmatched request fails loudly, naming itself and the routes")
    func unmatched() async throws {
        let transport = MockHTTPTransport()
        transport.route(.get, "/other", .respond(status: 200))
        let error = await #expect(throws: UnmatchedRequest.self) { try await transport.send(HTTPRequest(.delete, url)) }
        #expect(error?.description.contains("DELETE http://dav.test/a.txt") == true)
        #expect(error?.description.contains("GET /other") == true)
    }

    @Test("a scripted failure throws its kind", arguments: HTTPTransportError.Kind.allCases)
    func fail(kind: HTTPTransportError.Kind) async throws {
        let transport = MockHTTPTransport()
        transport.route(nil, "/*", .fail(kind))
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.get, url)) }
        #expect(error?.kind == kind)
    }

    @Test("a once route is used up, then the next route answers")
    func once() async throws {
        let transport = MockHTTPTransport()
        transport.route(.get, "/a.txt", .reset, times: .once)
        transport.route(.get, "/a.txt", .respond(status: 200))
        await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.get, url)) }
        #expect(try await transport.send(HTTPRequest(.get, url)).status == 200)
    }

    @Test("a delay moves the virtual clock; past the deadline it times out at the deadline")
    func delay() async throws {
        let clock = VirtualClock()
        let transport = MockHTTPTransport(clock: clock)
        transport.route(.get, "/a.txt", .delay(.seconds(5), then: .respond(status: 200)))
        #expect(try await transport.send(HTTPRequest(.get, url)).status == 200)
        #expect(clock.now == .seconds(5))
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, url, deadline: .seconds(2)))
        }
        #expect(error?.kind == .timedOut)
        #expect(clock.now == .seconds(7))
    }

    @Test("a delay past the idle timeout times out without a deadline")
    func idle() async throws {
        let transport = MockHTTPTransport(idleTimeout: .seconds(30))
        transport.route(nil, "/*", .delay(.seconds(31), then: .respond(status: 200)))
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.get, url)) }
        #expect(error?.kind == .timedOut)
    }

    @Test("a cut body is a lost connection and writes no destination file")
    func cut() async throws {
        let world = MockWorld()
        let transport = MockHTTPTransport(world: world)
        transport.route(.get, "/a.txt", .cutBody(after: 3, then: .respond(status: 200, body: Data("truncated".utf8))))
        let target = URL(filePath: "/down")
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.get, url, destination: .file(target)))
        }
        #expect(error?.kind == .connectionLost)
        #expect(world.withTree { $0.entry(at: PathKey(target)) } == nil)
    }

    @Test("a custom handler sees the request and answers")
    func handler() async throws {
        let transport = MockHTTPTransport()
        transport.route(
            .propfind, "/*",
            .handle { request in
                HTTPResponse(status: 207, body: Data((request.headers["Depth"] ?? "none").utf8))
            })
        let response = try await transport.send(HTTPRequest(.propfind, url, headers: ["depth": "1"]))
        #expect(response.body == Data("1".utf8))
    }

    @Test("every request is recorded in the world's journal and in order, with its outcome")
    func journal() async throws {
        let world = MockWorld()
        let transport = MockHTTPTransport(world: world, server: InMemoryWebDAVServer())
        _ = try await transport.send(HTTPRequest(.put, url, body: .bytes(Data("x".utf8))))
        _ = try await transport.send(HTTPRequest(.get, url))
        #expect(world.journal.map(\.operation) == [.http(.put), .http(.get)])
        #expect(transport.requests.map(\.method) == [.put, .get])
        transport.reset()
        #expect(transport.requests.isEmpty)
    }

    @Test("a fault injected in the world throws a transport error of its kind on the chosen call")
    func worldFault() async throws {
        let world = MockWorld()
        let transport = MockHTTPTransport(world: world, server: InMemoryWebDAVServer())
        world.inject(Fault(NetworkFault(.connectionLost), operation: .http(.put), onCall: 2, repeats: .once))
        #expect(try await transport.send(HTTPRequest(.put, url)).status == 201)
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.put, url)) }
        #expect(error?.kind == .connectionLost)
        #expect(try await transport.send(HTTPRequest(.put, url)).status == 204)
        #expect(world.journal.map(\.outcome).filter { $0 != .succeeded }.count == 1)
    }

    @Test("a file body is read from the shared in-memory tree; a missing one is a localFile error")
    func fileBody() async throws {
        let world = MockWorld()
        let server = InMemoryWebDAVServer()
        let transport = MockHTTPTransport(world: world, server: server)
        let source = URL(filePath: "/up.bin")
        try world.withTree { try $0.writeFile(Data("from the tree".utf8), at: PathKey(source)) }
        #expect(try await transport.send(HTTPRequest(.put, url, body: .file(source))).status == 201)
        #expect(server.file(at: "/a.txt") == Data("from the tree".utf8))
        let error = await #expect(throws: HTTPTransportError.self) {
            try await transport.send(HTTPRequest(.put, url, body: .file(URL(filePath: "/absent"))))
        }
        #expect(error?.kind == .localFile)
    }

    @Test("a crashed world refuses writes but still answers reads")
    func crash() async throws {
        let world = MockWorld()
        let transport = MockHTTPTransport(world: world, server: InMemoryWebDAVServer())
        world.crash(atMutation: 1)
        await #expect(throws: MockCrash.self) { try await transport.send(HTTPRequest(.put, url)) }
        #expect(try await transport.send(HTTPRequest(.get, url)).status == 404)
    }
}

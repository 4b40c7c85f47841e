import Foundation
public import InMemorySupport
public import NetworkInterface

/// An ``HTTPTransport`` for tests: scripted routes by method and path, faults, a virtual clock, and
/// every request recorded, in order, in the world's journal and in ``requests``.
///
/// A request goes to the first route that matches it (added order); with none, to the fallback
/// server if there is one; otherwise it throws ``UnmatchedRequest``, loudly. File bodies are read
/// from, and file destinations written to, the world's in-memory tree, so what a Mock file accessor
/// wrote can be uploaded. Thread-safe; nothing ever sleeps.
///
/// ```swift
/// let transport = MockHTTPTransport()
/// transport.route(.put, "/a.txt", .respond(status: 201))
/// transport.route(.get, "/a.txt", .cutBody(after: 10, then: .respond(status: 200, body: bytes)))
/// transport.route(nil, "/flaky/*", .fail(.connectionLost), times: .once)
/// ```
public final class MockHTTPTransport: HTTPTransport {
    private struct State {
        var routes: [(route: MockRoute, used: Int)] = []
        var requests: [HTTPRequest] = []
    }

    /// The world whose journal, faults, crash switch and tree this transport shares.
    public let world: MockWorld
    /// The clock delays run on.
    public let clock: VirtualClock
    /// What answers a request no route matches; nil to throw ``UnmatchedRequest``.
    public let server: InMemoryWebDAVServer?
    /// A delay longer than this without a deadline throws `timedOut`, like URLSession's idle timer.
    public let idleTimeout: Duration
    private let state = Guarded(State())

    /// Creates a transport.
    /// - Parameters:
    ///   - world: the world shared with the test's other Mocks.
    ///   - clock: the virtual clock for delays.
    ///   - server: answers requests no route matches; nil to make them fail loudly.
    ///   - idleTimeout: the longest delay a request without a deadline survives.
    public init(
        world: MockWorld = MockWorld(), clock: VirtualClock = VirtualClock(), server: InMemoryWebDAVServer? = nil,
        idleTimeout: Duration = .seconds(60)
    ) {
        self.world = world
        self.clock = clock
        self.server = server
        self.idleTimeout = idleTimeout
    }

    // MARK: Scripting

    /// Adds a route; earlier routes win.
    public func route(_ method: HTTPMethod?, _ path: String, _ action: MockAction, times: MockRoute.Times = .always) {
        add(MockRoute(method, path, action, times: times))
    }

    /// Adds a route; earlier routes win.
    public func add(_ route: MockRoute) {
        state.withLock { $0.routes.append((route, 0)) }
    }

    /// Removes every route and forgets the recorded requests.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Every request received, in order (credentials included: tests may check them).
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    // MARK: Sending

    /// Answers `request` as its route, the server or a fault says.
    /// - Throws: ``HTTPTransportError`` as scripted (or from a ``NetworkFault``), ``UnmatchedRequest``
    ///   when nothing answers it, `MockCrash` from the world's crash switch.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let action = try nextAction(for: request)
        let mutates =
            !(request.method == .get || request.method == .head || request.method == .propfind
            || request.method == .options)
        do {
            return try world.perform(.http(request.method), url: request.url, mutates: mutates) { tree in
                let body = try requestBody(of: request, in: tree)
                let outcome = try run(action, request, body, cut: nil)
                return try deliver(outcome.response, cut: outcome.cut, for: request, into: &tree)
            }
        } catch let fault as NetworkFault {
            throw HTTPTransportError(fault.kind, request, "injected fault")
        }
    }

    private func nextAction(for request: HTTPRequest) throws -> MockAction {
        let found: MockAction? = state.withLock { state in
            state.requests.append(request)
            for index in state.routes.indices where state.routes[index].route.matches(request) {
                if case .count(let limit) = state.routes[index].route.times, state.routes[index].used >= limit {
                    continue
                }
                state.routes[index].used += 1
                return state.routes[index].route.action
            }
            return nil
        }
        if let found { return found }
        if let server { return .server(server) }
        let routes = state.withLock { $0.routes.map(\.route.description) }
        throw UnmatchedRequest(request: request.description, routes: routes)
    }

    private func requestBody(of request: HTTPRequest, in tree: InMemoryTree) throws -> Data {
        switch request.body {
        case .none: return Data()
        case .bytes(let data): return data
        case .file(let url):
            do { return try tree.readFile(at: PathKey(url)) } catch {
                throw HTTPTransportError(.localFile, request, "cannot read the body file \(url.path): \(error)")
            }
        }
    }

    private func run(_ action: MockAction, _ request: HTTPRequest, _ body: Data, cut: Int?) throws -> (
        response: HTTPResponse, cut: Int?
    ) {
        switch action {
        case .respond(let response): return (response, cut)
        case .fail(let kind): throw HTTPTransportError(kind, request, "scripted failure")
        case .reset: throw HTTPTransportError(.connectionLost, request, "connection reset by the scripted peer")
        case .handle(let handler): return (try handler(request), cut)
        case .server(let server): return (server.respond(to: request, body: body), cut)
        case .cutBody(let bytes, let next): return try run(next, request, body, cut: bytes)
        case .delay(let duration, let next):
            let limit = min(request.deadline ?? idleTimeout, idleTimeout)
            guard duration <= limit else {
                clock.advance(by: limit)
                throw HTTPTransportError(.timedOut, request, "no answer within \(limit) (virtual clock)")
            }
            clock.advance(by: duration)
            return try run(next, request, body, cut: cut)
        }
    }

    private func deliver(_ response: HTTPResponse, cut: Int?, for request: HTTPRequest, into tree: inout InMemoryTree)
        throws -> HTTPResponse
    {
        if let cut, cut < response.body.count {
            throw HTTPTransportError(
                .connectionLost, request, "the body stopped after \(cut) of \(response.body.count) bytes")
        }
        var answer = response
        if request.method == .head { answer.body = Data() }
        if answer.headers["Content-Length"] == nil { answer.headers["Content-Length"] = String(response.body.count) }
        answer.byteCount = Int64(answer.body.count)
        switch request.destination {
        case .memory(let limit):
            guard answer.body.count <= limit else {
                throw HTTPTransportError(
                    .responseTooLarge, request, "the body has \(answer.body.count) bytes, over the limit of \(limit)")
            }
        case .file(let url):
            guard answer.isSuccess else {
                guard answer.body.count <= HTTPResponseDestination.errorBodyLimit else {
                    throw HTTPTransportError(.responseTooLarge, request, "an error body of \(answer.body.count) bytes")
                }
                return answer
            }
            do { try tree.writeFile(answer.body, at: PathKey(url)) } catch {
                throw HTTPTransportError(.localFile, request, "cannot write the destination \(url.path): \(error)")
            }
            answer.body = Data()
            answer.file = url
        }
        return answer
    }
}

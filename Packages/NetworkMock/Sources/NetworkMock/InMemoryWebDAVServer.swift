public import Foundation
import InMemorySupport
public import NetworkInterface

/// A WebDAV server in memory, for engine tests: `PROPFIND` (Depth 0, 1, infinity, with a
/// multistatus body), `GET` (one `Range`), `HEAD`, `PUT`, `DELETE`, `MKCOL`, `MOVE` (`Destination`, `Overwrite`),
/// ETags, `If-Match` and `If-None-Match: *`, `X-OC-Mtime`; ``quirks`` switch on what real servers
/// do differently. Serves any host; put it behind a ``MockHTTPTransport``.
///
/// ```swift
/// let server = InMemoryWebDAVServer(quirks: .lighttpd)
/// let transport = MockHTTPTransport(server: server)
/// try server.write(Data("hello".utf8), at: "/docs/a.txt")
/// ```
public final class InMemoryWebDAVServer: Sendable {
    struct State {
        var resources: [WebDAVPath: WebDAVResource] = [:]
        var quirks: WebDAVQuirks
        var nextTag = 1
        /// The server's clock, in seconds since 1970: one tick per write.
        var now: Int64 = 1_780_000_000
        /// What `quota-available-bytes` says, for a PROPFIND that asks for it; nil: not given.
        var availableBytes: Int64?
    }

    let state: Guarded<State>

    /// Creates a server holding only the root collection.
    /// - Parameter quirks: the real-server behaviours to imitate; none for strict RFC 4918.
    public init(quirks: WebDAVQuirks = []) {
        var initial = State(quirks: quirks)
        initial.resources[WebDAVPath("/")] = WebDAVResource(data: nil, etag: "\"0\"", modified: initial.now)
        state = Guarded(initial)
    }

    /// The quirks in force; change them at any time.
    public var quirks: WebDAVQuirks {
        get { state.withLock { $0.quirks } }
        set { state.withLock { $0.quirks = newValue } }
    }

    /// The free space the server tells (RFC 4331 `quota-available-bytes`) on each collection, when
    /// a PROPFIND asks for it by name; nil (the default): the property is not given, as on a
    /// server without quotas.
    public var availableBytes: Int64? {
        get { state.withLock { $0.availableBytes } }
        set { state.withLock { $0.availableBytes = newValue } }
    }

    // MARK: Direct access for set-up and checks (no journal)

    /// The bytes of the file at `path` (percent-decoded), nil when there is none.
    public func file(at path: String) -> Data? {
        state.withLock { $0.resources[WebDAVPath(path)]?.data }
    }

    /// Whether a collection exists at `path`.
    public func isCollection(_ path: String) -> Bool {
        state.withLock { $0.resources[WebDAVPath(path)]?.isCollection == true }
    }

    /// Every path the server holds, sorted, collections included.
    public var paths: [String] {
        state.withLock { $0.resources.keys.sorted().map(\.text) }
    }

    /// Writes a file, creating missing collections above it.
    public func write(_ data: Data, at path: String) {
        state.withLock { state in
            let target = WebDAVPath(path)
            var missing: [WebDAVPath] = []
            var parent = target.parent
            while state.resources[parent] == nil {
                missing.append(parent)
                parent = parent.parent
            }
            for folder in missing.reversed() { Self.store(nil, at: folder, in: &state) }
            Self.store(data, at: target, in: &state)
        }
    }

    /// Creates a collection and the missing ones above it.
    public func makeCollection(at path: String) {
        state.withLock { state in
            var missing: [WebDAVPath] = []
            var current = WebDAVPath(path)
            while state.resources[current] == nil {
                missing.append(current)
                current = current.parent
            }
            for folder in missing.reversed() { Self.store(nil, at: folder, in: &state) }
        }
    }

    // MARK: Answering

    /// Answers one request as the server would; never throws, every outcome is a status.
    /// - Parameters:
    ///   - request: the request (its body is ignored in favour of `body`).
    ///   - body: the request body's bytes.
    /// - Returns: the response.
    public func respond(to request: HTTPRequest, body: Data) -> HTTPResponse {
        let path = WebDAVPath(request.url.path(percentEncoded: false))
        return state.withLock { state in
            switch request.method {
            case .get, .head: Self.get(path, request, &state)
            case .put: Self.put(path, request, body, &state)
            case .delete: Self.delete(path, request, &state)
            case .mkcol: Self.mkcol(path, body, &state)
            case .propfind: Self.propfind(path, request, body, &state)
            case .move: Self.move(path, request, &state)
            default: HTTPResponse(status: 405, headers: ["Allow": "GET, HEAD, PUT, DELETE, MKCOL, PROPFIND, MOVE"])
            }
        }
    }

    static func store(_ data: Data?, at path: WebDAVPath, modified: Int64? = nil, in state: inout State) {
        state.now += 1
        state.resources[path] = WebDAVResource(
            data: data, etag: "\"\(state.nextTag)\"", modified: modified ?? state.now)
        state.nextTag += 1
    }
}

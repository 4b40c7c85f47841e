import Foundation
import NetworkInterface

/// Fails the case unless `response` has one of `statuses`.
func requireStatus(_ response: HTTPResponse, _ statuses: Set<Int>, _ what: String) throws {
    try require(
        statuses.contains(response.status),
        "\(what): expected status \(statuses.sorted().map(String.init).joined(separator: " or ")), got \(response.status)"
    )
}

/// Runs `body` and checks it throws an ``HTTPTransportError`` of `kind`.
func requireTransportError(
    _ kind: HTTPTransportError.Kind, _ what: String, _ body: () async throws -> HTTPResponse
) async throws {
    do {
        let response = try await body()
        throw ContractViolation(description: "\(what): expected \(kind.rawValue), got status \(response.status)")
    } catch let error as HTTPTransportError {
        try require(error.kind == kind, "\(what): expected \(kind.rawValue), got \(error.kind.rawValue)")
    } catch let violation as ContractViolation {
        throw violation
    } catch {
        throw ContractViolation(description: "\(what): expected \(kind.rawValue), got \(error)")
    }
}

/// The statuses of a write that created a resource or replaced one.
let written: Set<Int> = [200, 201, 204]

/// The `href` texts of a multistatus body, in order (namespace prefix ignored).
func hrefs(in body: Data) -> [String] {
    let text = String(decoding: body, as: UTF8.self)
    var found: [String] = []
    var rest = text[...]
    while let open = rest.range(of: "href>", options: .caseInsensitive) {
        let start = open.upperBound
        guard let close = rest[start...].firstIndex(of: "<") else { break }
        let tagStart = rest[..<open.lowerBound].lastIndex(of: "<")
        if let tagStart, rest[tagStart...].hasPrefix("</") == false {
            found.append(String(rest[start..<close]).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        rest = rest[close...]
    }
    return found
}

extension NetworkContractFixture {
    /// The URL of `path` (percent-encoded, relative to ``base``).
    func url(_ path: String) -> URL {
        URL(string: path, relativeTo: base)?.absoluteURL ?? base
    }

    /// The path part of `url(path)`, as a server writes it in an `href`.
    func hrefPath(_ path: String) -> String {
        url(path).path(percentEncoded: true)
    }

    func send(
        _ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: HTTPRequestBody = .none,
        destination: HTTPResponseDestination = .memory
    ) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(method, url(path), headers: headers, body: body, destination: destination))
    }

    @discardableResult
    func put(_ path: String, _ data: Data, headers: HTTPHeaders = [:]) async throws -> HTTPResponse {
        let response = try await send(.put, path, headers: headers, body: .bytes(data))
        return response
    }

    /// PUTs `data` and fails the case unless the server wrote it.
    func create(_ path: String, _ data: Data) async throws {
        try requireStatus(try await put(path, data), written, "PUT \(path)")
    }

    /// MKCOLs `path` and fails the case unless it was created.
    func makeCollection(_ path: String) async throws {
        try requireStatus(try await send(.mkcol, path), [201], "MKCOL \(path)")
    }

    /// GETs `path` and returns its body, failing the case unless it answers 200.
    func contents(_ path: String) async throws -> Data {
        let response = try await send(.get, path)
        try requireStatus(response, [200], "GET \(path)")
        return response.body
    }

    /// The hrefs a PROPFIND of `path` at `depth` lists, failing the case unless it answers 207.
    func listing(_ path: String, depth: String) async throws -> [String] {
        let response = try await send(
            .propfind, path, headers: ["Depth": depth, "Content-Type": "application/xml"],
            body: .bytes(Data(propfindBody.utf8)))
        try requireStatus(response, [207], "PROPFIND \(path) Depth \(depth)")
        return hrefs(in: response.body)
    }

    /// Whether `path` exists (a GET answers 200 or it lists as a collection).
    func exists(_ path: String) async throws -> Bool {
        try await send(.propfind, path, headers: ["Depth": "0"]).status == 207
    }
}

let propfindBody = """
    <?xml version="1.0" encoding="utf-8"?>
    <D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getetag/><D:getcontentlength/><D:getlastmodified/></D:prop></D:propfind>
    """

/// Bytes that differ from position to position, so a shifted or cut body does not compare equal.
func pattern(_ count: Int, seed: UInt8 = 7) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
}

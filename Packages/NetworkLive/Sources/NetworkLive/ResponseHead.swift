import Foundation
import NetworkInterface

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The checks every response head gets: a refused redirect, and a body shorter than its
/// `Content-Length` (URLSession does not compare them).
enum ResponseHead {
    /// The status and headers of `http`, checked.
    /// - Throws: `redirectRefused` for a 3xx to a request that must not follow it;
    ///   `connectionLost` when fewer bytes than `Content-Length` arrived.
    static func checked(_ http: HTTPURLResponse, _ request: HTTPRequest, received: Int64) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        return try checked(status: http.statusCode, headers: headers, request, received: received)
    }

    /// The same checks of an answer given as its status and header fields.
    static func checked(status: Int, headers: HTTPHeaders, _ request: HTTPRequest, received: Int64) throws
        -> HTTPResponse
    {
        if [301, 302, 303, 307, 308].contains(status), !request.method.followsRedirects {
            let location =
                headers["Location"].flatMap { URL(string: $0, relativeTo: request.url) }.map(HTTPRequest.redacted)
                ?? "nowhere"
            throw HTTPTransportError(
                .redirectRefused, request,
                "status \(status) to \(location); a redirected \(request.method) would lose its body")
        }
        let bodyless = request.method == .head || status == 204 || status == 304 || (100..<200).contains(status)
        if !bodyless, headers["Content-Encoding"] == nil, let length = headers["Content-Length"].flatMap(Int64.init),
            received < length
        {
            throw HTTPTransportError(.connectionLost, request, "the body stopped after \(received) of \(length) bytes")
        }
        return HTTPResponse(status: status, headers: headers, byteCount: received)
    }
}

import Foundation
import NetworkInterface

extension InMemoryWebDAVServer {
    static func get(_ path: WebDAVPath, _ request: HTTPRequest, _ state: inout State) -> HTTPResponse {
        guard let resource = state.resources[path] else { return HTTPResponse(status: 404) }
        if let failed = precondition(request, resource, state) { return failed }
        let data = resource.data ?? Data()
        var headers: HTTPHeaders = [
            "ETag": resource.etag, "Last-Modified": httpDate(resource.modified), "Content-Length": String(data.count),
            "Content-Type": resource.isCollection ? "httpd/unix-directory" : "application/octet-stream",
        ]
        if state.quirks.contains(.changesETagsOnItsOwn) { retag(path, &state) }
        if let range = request.headers["Range"].flatMap({ byteRange($0, count: data.count) }) {
            headers["Content-Length"] = String(range.count)
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(data.count)"
            return HTTPResponse(
                status: 206, headers: headers, body: request.method == .head ? Data() : data.subdata(in: range))
        }
        return HTTPResponse(status: 200, headers: headers, body: request.method == .head ? Data() : data)
    }

    /// The bytes a `Range: bytes=a-b` header asks for (one range; an end past the body is cut),
    /// or nil for a header this server ignores (then the whole body is sent, as servers do).
    static func byteRange(_ header: String, count: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let bounds = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]), first < count else { return nil }
        let last = bounds[1].isEmpty ? count - 1 : min(Int(bounds[1]) ?? -1, count - 1)
        return last >= first ? first..<(last + 1) : nil
    }

    static func put(_ path: WebDAVPath, _ request: HTTPRequest, _ body: Data, _ state: inout State) -> HTTPResponse {
        let existing = state.resources[path]
        if existing?.isCollection == true { return HTTPResponse(status: 405) }
        guard state.resources[path.parent]?.isCollection == true else { return HTTPResponse(status: 409) }
        if let failed = precondition(request, existing, state) { return failed }
        var modified: Int64?
        if !state.quirks.contains(.ignoresModificationTime), let text = request.headers["X-OC-Mtime"] {
            modified = Int64(text)
        }
        store(body, at: path, modified: modified, in: &state)
        let tag = state.resources[path]?.etag ?? ""
        return HTTPResponse(status: existing == nil ? 201 : 204, headers: ["ETag": tag])
    }

    static func delete(_ path: WebDAVPath, _ request: HTTPRequest, _ state: inout State) -> HTTPResponse {
        guard let existing = state.resources[path], !path.isRoot else {
            return HTTPResponse(status: path.isRoot ? 403 : 404)
        }
        if let failed = precondition(request, existing, state) { return failed }
        state.resources = state.resources.filter { !$0.key.isWithin(path) }
        return HTTPResponse(status: 204)
    }

    static func mkcol(_ path: WebDAVPath, _ body: Data, _ state: inout State) -> HTTPResponse {
        if let existing = state.resources[path] {
            let accepted = existing.isCollection && state.quirks.contains(.acceptsExistingCollection)
            return HTTPResponse(status: accepted ? 201 : 405)
        }
        guard body.isEmpty else { return HTTPResponse(status: 415) }
        guard state.resources[path.parent]?.isCollection == true else { return HTTPResponse(status: 409) }
        store(nil, at: path, in: &state)
        return HTTPResponse(status: 201)
    }

    static func move(_ path: WebDAVPath, _ request: HTTPRequest, _ state: inout State) -> HTTPResponse {
        guard let source = state.resources[path], !path.isRoot else {
            return HTTPResponse(status: path.isRoot ? 403 : 404)
        }
        guard let text = request.headers["Destination"], let target = destination(text, relativeTo: request.url) else {
            return HTTPResponse(status: 400)
        }
        if target == path || target.isWithin(path) { return HTTPResponse(status: 403) }
        if let failed = precondition(request, source, state) { return failed }
        guard state.resources[target.parent]?.isCollection == true else { return HTTPResponse(status: 409) }
        let overwriteHeader = request.headers["Overwrite"]?.uppercased()
        let overwrite = overwriteHeader.map { $0 == "T" } ?? !state.quirks.contains(.overwriteDefaultsToF)
        let replaced = state.resources[target] != nil
        if replaced && !overwrite { return HTTPResponse(status: 412) }
        let moving = state.resources.filter { $0.key.isWithin(path) }
        state.resources = state.resources.filter { !$0.key.isWithin(path) && !$0.key.isWithin(target) }
        for (old, resource) in moving { state.resources[old.rebased(from: path, to: target)] = resource }
        return HTTPResponse(status: replaced ? 204 : 201)
    }

    /// The 412 a failed `If-Match` / `If-None-Match` gets, or nil when the request may go on.
    static func precondition(_ request: HTTPRequest, _ existing: WebDAVResource?, _ state: State) -> HTTPResponse? {
        if state.quirks.contains(.ignoresConditionalHeaders) { return nil }
        if let match = request.headers["If-Match"] {
            let tags = match.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let existing, tags.contains("*") || tags.contains(existing.etag) else {
                return HTTPResponse(status: 412)
            }
        }
        if let noneMatch = request.headers["If-None-Match"], let existing {
            let tags = noneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if tags.contains("*") || tags.contains(existing.etag) { return HTTPResponse(status: 412) }
        }
        return nil
    }

    /// The server path a `Destination` header names (an absolute URL or an absolute path).
    static func destination(_ text: String, relativeTo url: URL) -> WebDAVPath? {
        guard let target = URL(string: text, relativeTo: url)?.absoluteURL else { return nil }
        return WebDAVPath(target.path(percentEncoded: false))
    }

    static func retag(_ path: WebDAVPath, _ state: inout State) {
        state.resources[path]?.etag = "\"\(state.nextTag)\""
        state.nextTag += 1
    }

    /// An RFC 1123 date, as `Last-Modified` and `getlastmodified` carry.
    static func httpDate(_ seconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

import Foundation
import NetworkInterface

extension InMemoryWebDAVServer {
    /// Lists `path` (Depth 0), its children (1) or its whole tree (infinity, the default) as a
    /// multistatus body like lighttpd's; a collection's `quota-available-bytes` too when the body
    /// names it and ``InMemoryWebDAVServer/availableBytes`` is set.
    static func propfind(_ path: WebDAVPath, _ request: HTTPRequest, _ body: Data, _ state: inout State)
        -> HTTPResponse
    {
        let depth = request.headers["Depth"]?.lowercased() ?? "infinity"
        let levels: Int
        switch depth {
        case "0": levels = 0
        case "1": levels = 1
        case "infinity":
            if state.quirks.contains(.refusesDepthInfinity) { return HTTPResponse(status: 403) }
            levels = .max
        default: return HTTPResponse(status: 400)
        }
        guard state.resources[path] != nil else { return HTTPResponse(status: 404) }
        let listed = state.resources.keys.filter { $0.isWithin(path) && $0.depth(below: path) <= levels }.sorted()
        var xml = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n" + #"<D:multistatus xmlns:D="DAV:">"# + "\n"
        let quota = String(decoding: body, as: UTF8.self).contains("quota-available-bytes") ? state.availableBytes : nil
        for entry in listed {
            guard let resource = state.resources[entry] else { continue }
            xml += response(entry, resource, quota: quota)
        }
        xml += "</D:multistatus>\n"
        if state.quirks.contains(.changesETagsOnItsOwn) {
            for entry in listed where state.resources[entry]?.isCollection == false { retag(entry, &state) }
        }
        return HTTPResponse(
            status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"], body: Data(xml.utf8))
    }

    private static func response(_ path: WebDAVPath, _ resource: WebDAVResource, quota: Int64?) -> String {
        var props = "<D:getetag>\(resource.etag)</D:getetag>"
        props += "<D:getlastmodified>\(httpDate(resource.modified))</D:getlastmodified>"
        if let data = resource.data {
            props += "<D:getcontentlength>\(data.count)</D:getcontentlength><D:resourcetype/>"
        } else {
            props += "<D:resourcetype><D:collection/></D:resourcetype>"
            if let quota { props += "<D:quota-available-bytes>\(quota)</D:quota-available-bytes>" }
        }
        return "<D:response><D:href>\(path.href(collection: resource.isCollection))</D:href>"
            + "<D:propstat><D:prop>\(props)</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\n"
    }
}

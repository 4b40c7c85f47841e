import Foundation
import NetworkInterface
import NetworkMock

/// Multistatus bodies a hostile or confused server could send, to script with `MockAction`.
enum Hostile {
    /// One `<response>`: a file of `size` bytes, or a collection.
    static func response(
        _ href: String, collection: Bool = false, size: String? = "1", etag: String? = "\"e\"", modified: String? = nil
    ) -> String {
        var props = collection ? "<D:resourcetype><D:collection/></D:resourcetype>" : "<D:resourcetype/>"
        if let size { props += "<D:getcontentlength>\(size)</D:getcontentlength>" }
        if let etag { props += "<D:getetag>\(etag)</D:getetag>" }
        if let modified { props += "<D:getlastmodified>\(modified)</D:getlastmodified>" }
        return "<D:response><D:href>\(href)</D:href><D:propstat><D:prop>\(props)</D:prop>"
            + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
    }

    /// A whole multistatus body of `responses`.
    static func body(_ responses: [String]) -> Data {
        Data(#"<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:">"#.utf8)
            + Data(responses.joined().utf8) + Data("</D:multistatus>".utf8)
    }

    /// A `207` answer listing `responses`.
    static func listing(_ responses: [String]) -> MockAction {
        .respond(status: 207, headers: ["Content-Type": "application/xml"], body: body(responses))
    }
}

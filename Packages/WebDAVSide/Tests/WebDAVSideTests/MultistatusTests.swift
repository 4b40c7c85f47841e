import Foundation
import Testing

@testable import WebDAVSide

@Suite("Reading a multistatus body")
struct MultistatusTests {
    @Test("lighttpd's shape: hrefs, collections, ETags, sizes and dates; a 404 propstat adds nothing")
    func lighttpdShape() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:multistatus xmlns:D="DAV:" xmlns:ns0="urn:uuid:c2f41010-65b3-11d1-a29f-00aa00c14882/">
            <D:response><D:href>http://127.0.0.1:8080/c/</D:href>
            <D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype><D:getetag>"1-2"</D:getetag></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/c/a%20b.txt</D:href>
            <D:propstat><D:prop><D:resourcetype/><D:getcontentlength>12</D:getcontentlength>
            <D:getetag>&quot;3-4&quot;</D:getetag><D:getlastmodified>Sun, 06 Nov 1994 08:49:37 GMT</D:getlastmodified></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><D:getcontentlength>999</D:getcontentlength></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
            </D:response>
            </D:multistatus>
            """
        let resources = try Multistatus.parse(Data(body.utf8))
        #expect(resources.count == 2)
        #expect(resources[0] == DAVResource(href: "http://127.0.0.1:8080/c/", isCollection: true, etag: "\"1-2\""))
        #expect(
            resources[1] == DAVResource(href: "/c/a%20b.txt", etag: "\"3-4\"", contentLength: 12, modified: 784_111_777)
        )
    }

    @Test(
        "an HTML page, a document type, a truncated body and an unknown entity are errors, never an empty listing",
        arguments: [
            "<html><body>Please log in</body></html>",
            "<!DOCTYPE x [<!ENTITY a \"b\">]><D:multistatus xmlns:D=\"DAV:\"></D:multistatus>",
            "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/c/</D:href>",
            "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/c/&bogus;</D:href></D:response></D:multistatus>",
            "",
        ])
    func refused(_ body: String) {
        #expect(throws: Multistatus.Malformed.self) { try Multistatus.parse(Data(body.utf8)) }
    }

    @Test("HTTP dates: RFC 1123 read exactly; anything else is nil")
    func dates() {
        #expect(HTTPDate.seconds("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.seconds("Tue, 29 Feb 2028 23:59:59 GMT") == 1_835_481_599)
        #expect(HTTPDate.seconds("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.seconds("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }
}

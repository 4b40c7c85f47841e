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

/// The parser's string work is done in the standard library (Foundation's goes through
/// `NSString` on Linux, and runs for every element of a listing): the same results as before.
@Suite("Multistatus string helpers, against Foundation's")
struct MultistatusHelperTests {
    @Test(
        "trimming takes exactly what Foundation's whitespacesAndNewlines takes",
        arguments: [
            "", " ", "\t\n\r ", "x", " x ", "\u{A0}x\u{A0}", "\u{85}x\u{2028}", "x\u{2029}",
            "\u{3000}\u{200A}x y\u{202F}",
            "\u{200B}x\u{200B}", "\u{200C}x\u{200D}", "\u{FEFF}x", "e\u{301} ", " \"etag\"\r\n", "\u{1680}",
            "x\u{0B}\u{0C}",
        ])
    func trimming(_ text: String) {
        #expect(Multistatus.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(
        "a name's local part is the last part between colons that is not empty",
        arguments: ["href", "D:href", "a:b:c", "x:", ":x", "::", ":", "a::b", "a:b::", "é:ü"])
    func localName(_ name: String) {
        let reference = name.split(separator: ":").last.map(String.init) ?? name
        #expect(Multistatus.localName(ArraySlice(Array(name.utf8))) == reference)
    }
}

import Foundation
import Testing

@testable import WebDAVSide

/// A multistatus body is another party's input: it is read in time and memory bounded by its
/// size, never expands anything, and every value in it is checked.
@Suite("Hostile multistatus bodies")
struct HostileBodyTests {
    @Test("elements nested past any real listing's depth are refused, not read in time growing with depth squared")
    func deepNesting() {
        let depth = 20_000
        let body =
            #"<D:multistatus xmlns:D="DAV:"><D:response><D:propstat><D:prop>"#
            + String(repeating: "<D:collection>", count: depth) + String(repeating: "</D:collection>", count: depth)
            + "</D:prop></D:propstat></D:response></D:multistatus>"
        do {
            _ = try Multistatus.parse(Data(body.utf8))
            Issue.record("a body nested \(depth) deep was read")
        } catch let error as Multistatus.Malformed {
            #expect(error.reason.contains("nested"), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a billion-laughs body is refused at its document type, nothing expanded")
    func billionLaughs() {
        let body =
            #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">"#
            + #"<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>"#
            + #"<D:multistatus xmlns:D="DAV:"><D:response><D:href>/c/&lol2;</D:href></D:response></D:multistatus>"#
        #expect(throws: Multistatus.Malformed.self) { try Multistatus.parse(Data(body.utf8)) }
    }

    @Test("raw bytes that are not UTF-8 are kept apart as percent escapes, never merged into U+FFFD")
    func rawInvalidUTF8() throws {
        var body = Data(#"<D:multistatus xmlns:D="DAV:"><D:response><D:href>/c/a"#.utf8)
        body += Data([0xFF, 0xC3]) + Data("b\u{E9}</D:href></D:response><D:response><D:href><![CDATA[/c/".utf8)
        body += Data([0xFE]) + Data("]]></D:href></D:response></D:multistatus>".utf8)
        let resources = try Multistatus.parse(body)
        #expect(resources.map(\.href) == ["/c/a%FF%C3b\u{E9}", "/c/%FE"])
    }

    @Test("HTTP dates with years no calendar of a file system holds are nil, never a trap")
    func absurdYears() {
        #expect(HTTPDate.seconds("Mon, 01 Jan 99999999999999 00:00:00 GMT") == nil)
        #expect(HTTPDate.seconds("Mon, 01 Jan 9223372036854775807 00:00:00 GMT") == nil)
        #expect(HTTPDate.seconds("Mon, 01 Jan -9223372036854775807 00:00:00 GMT") == nil)
        #expect(HTTPDate.seconds("Mon, 01 Jan 0 00:00:00 GMT") == nil)
        #expect(HTTPDate.seconds("Mon, 01 Jan 1900 00:00:00 GMT") == -2_208_988_800)
        #expect(HTTPDate.seconds("Fri, 31 Dec 9999 23:59:59 GMT") == 253_402_300_799)
    }
}

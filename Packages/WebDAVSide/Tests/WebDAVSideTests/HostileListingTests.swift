import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// A listing is another party's input: every href that is not one usable member of the folder
/// listed is reported for that entry alone, never read as another entry, never outside the root.
@Suite("Hostile hrefs in a listing")
struct HostileListingTests {
    /// Scans a side whose root listing is `responses` (the root's own response first).
    private func scan(in rig: Rig? = nil, _ responses: [String]) throws -> TreeScan {
        let rig = try rig ?? Rig()
        rig.transport.route(.propfind, "/c/", Hostile.listing([Hostile.response("/c/", collection: true)] + responses))
        return try rig.remote.scan { _, _ in false }
    }

    @Test("`..`, `.`, `//` and NUL in an href are unusable names in the folder, never a path elsewhere")
    func relativeAndNul() throws {
        let scan = try scan([
            Hostile.response("/c/../etc/passwd"), Hostile.response("/c/./x"), Hostile.response("/c//y"),
            Hostile.response("/c/a%00b"), Hostile.response("/c/%2E%2E"), Hostile.response("/c/ok"),
        ])
        #expect(scan.entries.map(\.path.text) == ["ok"])
        #expect(scan.problems.count == 5)
        #expect(scan.problems.allSatisfy { $0.path.isRoot && $0.extent == .nameInFolder }, "\(scan.problems)")
    }

    @Test("an encoded `/` (%2F) is part of a name, which is unusable: never a separator that aliases another entry")
    func encodedSlash() throws {
        let scan = try scan([
            Hostile.response("/c/x", size: "1"), Hostile.response("/c/x%2F", size: "2"),
            Hostile.response("/c/a%2Fb"), Hostile.response("/c/%2F"),
        ])
        #expect(scan.entries.map(\.path.text) == ["x"])
        #expect(scan.entries.first?.size == 1)
        #expect(scan.problems.count == 3, "\(scan.problems)")
        #expect(scan.problems.allSatisfy { $0.path.isRoot && $0.extent == .nameInFolder && $0.reason.contains("/") })
    }

    @Test("a name listed twice (also spelled with other percent-encoding) is one problem at that path, no entry")
    func duplicates() throws {
        let scan = try scan([
            Hostile.response("/c/d", size: "1"), Hostile.response("/c/%64", size: "2"),
            Hostile.response("/c/f/", collection: true), Hostile.response("/c/f/", collection: true),
            Hostile.response("/c/ok"),
        ])
        #expect(scan.entries.map(\.path.text) == ["ok"])
        #expect(scan.problems.map(\.path.text) == ["d", "f"])
        #expect(scan.problems.allSatisfy { $0.extent == .path && $0.reason.contains("twice") }, "\(scan.problems)")
    }

    @Test("a document of the side listed twice or on another server is looked at again, never taken as absent")
    func oddOwnDocument() throws {
        for elsewhere in [true, false] {
            let rig = try Rig()
            let marker = ReservedNames.rootMarker
            rig.server.write(Data("m".utf8), at: "/c/" + marker)
            let responses = elsewhere ? ["http://evil.test/c/" + marker] : ["/c/" + marker, "/c/" + marker]
            _ = try scan(in: rig, responses.map { Hostile.response($0) })
            let entry = try rig.remote.entry(at: path(marker))
            #expect(entry?.size == 1, "elsewhere: \(elsewhere)")
        }
    }

    @Test("names that differ only by Unicode normalization are two entries, each at its own bytes")
    func normalization() throws {
        let scan = try scan([Hostile.response("/c/caf%C3%A9"), Hostile.response("/c/cafe%CC%81")])
        #expect(
            scan.entries.map { Array($0.path.text.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                == [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)])
        #expect(scan.problems.isEmpty)
    }

    @Test("an absolute href on another host, port or scheme is a problem at that entry, never an entry")
    func otherServer() throws {
        let scan = try scan([
            Hostile.response("http://evil.test/c/x"), Hostile.response("http://dav.test:8080/c/y"),
            Hostile.response("https://dav.test/c/z"), Hostile.response("http://dav.test/c/same"),
            Hostile.response("HTTP://DAV.TEST:80/c/upper"), Hostile.response("http://evil.test\u{1B}[2J/c/esc"),
        ])
        #expect(scan.entries.map(\.path.text) == ["same", "upper"])
        #expect(scan.problems.map(\.path.text) == ["x", "y", "z", "esc"])
        #expect(scan.problems.allSatisfy { !$0.reason.unicodeScalars.contains("\u{1B}") })
        #expect(scan.problems.allSatisfy { $0.extent == .path && $0.reason.contains("another server") })
    }

    @Test("the root's own href on another server is an error, never an empty listing")
    func rootElsewhere() throws {
        let rig = try Rig()
        rig.server.write(Data("x".utf8), at: "/c/f")
        rig.transport.route(
            .propfind, "/c/", Hostile.listing([Hostile.response("http://evil.test/c/", collection: true)]))
        #expect(throws: TreeError.self) { try rig.remote.scan { _, _ in false } }
    }

    @Test("a grandchild or the folder listed in itself adds nothing and removes nothing")
    func strayHrefs() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/a")
        rig.server.write(Data("x".utf8), at: "/c/a/real")
        rig.transport.route(
            .propfind, "/c/",
            Hostile.listing([
                Hostile.response("/c/", collection: true), Hostile.response("/c/", collection: true),
                Hostile.response("/c/a/", collection: true), Hostile.response("/c/a/ghost"),
            ]))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["a", "a/real"])
        #expect(scan.problems.isEmpty)
    }

    @Test(
        "an href's scheme ends at its first `://`, wherever it is; an href without one is a path",
        arguments: [
            ("http://dav.test/c/x", "dav.test/c/x"), ("/c/x", nil), ("/c/a://b", "b"), ("x:/y", nil), ("x:", nil),
            ("://", ""), ("a:/://b", "b"), ("", nil), ("é://ü/", "ü/"),
        ] as [(String, String?)])
    func schemeSeparator(_ href: String, _ after: String?) {
        let text = Substring(href)
        let found = RemoteRoot.endOfSchemeSeparator(in: text)
        #expect(found.map { String(text[$0...]) } == after)
        #expect(found == text.utf8.firstRange(of: "://".utf8)?.upperBound)  // the generic search it replaces
    }

    @Test(
        "a listing naming anything outside its folder (a confused proxy's prefix) is a problem at that folder, never empty",
        arguments: ["/elsewhere/f", "/", "http://evil.test/c/"])
    func outsideHref(_ href: String) throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/a")
        rig.server.write(Data("x".utf8), at: "/c/a/real")
        rig.server.write(Data("y".utf8), at: "/c/top")
        rig.transport.route(
            .propfind, "/c/a/",
            Hostile.listing([Hostile.response("/c/a/", collection: true), Hostile.response(href)]))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["a", "top"])
        #expect(scan.problems.map(\.path.text) == ["a"])
        #expect(scan.problems.first?.extent == .path)
        // Nor is the folder's listing taken as complete: the side's own file in it is asked for.
        rig.server.write(Data("z".utf8), at: "/c/a/" + ReservedNames.prefix + "-note")
        #expect(try rig.remote.entry(at: path("a/" + ReservedNames.prefix + "-note"))?.size == 1)
    }

    @Test("a name longer than 255 bytes is an unusable name in its folder")
    func longName() throws {
        let long = String(repeating: "n", count: 256)
        let scan = try scan([Hostile.response("/c/" + long), Hostile.response("/c/" + String(long.dropFirst()))])
        #expect(scan.entries.map(\.path.name.utf8.count) == [255])
        #expect(scan.problems.count == 1)
        #expect(scan.problems.first?.extent == .nameInFolder)
        #expect(scan.problems.first?.reason.contains("255") == true, "\(scan.problems)")
    }

    @Test("absurd sizes: negative or past Int64 is a problem at that file; a folder's size is ignored")
    func sizes() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/dir")
        let scan = try scan(
            in: rig,
            [
                Hostile.response("/c/neg", size: "-5"), Hostile.response("/c/huge", size: "99999999999999999999"),
                Hostile.response("/c/dir/", collection: true, size: "999"),
            ])
        #expect(scan.entries.map(\.path.text) == ["dir"])
        #expect(scan.entries.first?.size == 0)
        #expect(scan.problems.map(\.path.text).sorted() == ["huge", "neg"])
    }

    @Test("dates far in the future or before 1970: the file is listed with a time that does not trap")
    func dates() throws {
        let scan = try scan([
            Hostile.response("/c/old", modified: "Mon, 01 Jan 1900 00:00:00 GMT"),
            Hostile.response("/c/far", modified: "Mon, 01 Jan 99999999999999 00:00:00 GMT"),
            Hostile.response("/c/edge", modified: "Fri, 31 Dec 9999 23:59:59 GMT"),
        ])
        #expect(scan.entries.map(\.path.text) == ["edge", "far", "old"])
        #expect(scan.entries.first { $0.path.text == "old" }?.modificationNanoseconds == -2_208_988_800 * 1_000_000_000)
        #expect(scan.entries.first { $0.path.text == "far" }?.modificationNanoseconds == 0)
    }

    @Test("a name in raw invalid UTF-8 is unusable, never the same name as another with other bad bytes")
    func rawInvalidUTF8() throws {
        let rig = try Rig()
        var body = Data(#"<D:multistatus xmlns:D="DAV:">"#.utf8) + Data(Hostile.response("/c/", collection: true).utf8)
        for bad: UInt8 in [0xFF, 0xFE] {
            let props = "<D:prop><D:getcontentlength>1</D:getcontentlength></D:prop>"
            body += Data("<D:response><D:href>/c/".utf8) + Data([bad])
            body += Data(
                "</D:href><D:propstat>\(props)<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>".utf8)
        }
        body += Data("</D:multistatus>".utf8)
        rig.transport.route(.propfind, "/c/", .respond(status: 207, body: body))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.isEmpty)
        #expect(scan.problems.count == 2)
        #expect(
            scan.problems.allSatisfy { $0.extent == .nameInFolder && $0.reason.contains("UTF-8") }, "\(scan.problems)")
    }

    @Test(
        "a tree without end (a server following a link to a folder above) is listed to a bounded depth, then reported")
    func endlessTree() throws {
        let rig = try Rig()
        rig.transport.route(
            .propfind, "/c/*",
            .handle { request in
                let own = request.url.path(percentEncoded: true)
                return HTTPResponse(
                    status: 207,
                    body: Hostile.body([
                        Hostile.response(own, collection: true), Hostile.response(own + "a/", collection: true),
                    ]))
            })
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.count == WebDAVSide.deepestFolder)
        #expect(scan.problems.count == 1)
        #expect(scan.problems.first?.path.components.count == WebDAVSide.deepestFolder + 1)
        #expect(rig.transport.requests.filter { $0.method == .propfind }.count <= WebDAVSide.deepestFolder + 1)
    }

    @Test("an ETag past 1 KiB is a problem at that file, and a copy given one is not recorded in the metadata")
    func enormousETag() throws {
        let huge = "\"" + String(repeating: "e", count: 2_000) + "\""
        let scan = try scan([Hostile.response("/c/big", etag: huge), Hostile.response("/c/ok", etag: "")])
        #expect(scan.entries.map(\.path.text) == ["ok"])
        #expect(scan.problems.map(\.path.text) == ["big"])
        #expect(scan.problems.first?.reason.contains("ETag") == true)

        let rig = try Rig()
        try rig.writeLocal("payload", at: "g")
        let local = try rig.local
        let source = try #require(try local.entry(at: path("g")))
        rig.transport.route(.propfind, "/c/g", Hostile.listing([Hostile.response("/c/g", size: "7", etag: huge)]))
        _ = try? rig.remote.copyFile(try path("g"), from: local, expected: source, to: try path("g"))
        let metadata = rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data()
        #expect(metadata.count < 1_024)
    }
}

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
            body += Data("<D:response><D:href>/c/".utf8) + Data([bad]) + Data(
                "</D:href><D:propstat><D:prop><D:getcontentlength>1</D:getcontentlength></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
                    .utf8)
        }
        body += Data("</D:multistatus>".utf8)
        rig.transport.route(.propfind, "/c/", .respond(status: 207, body: body))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.isEmpty)
        #expect(scan.problems.count == 2)
        #expect(scan.problems.allSatisfy { $0.extent == .nameInFolder && $0.reason.contains("UTF-8") }, "\(scan.problems)")
    }
}

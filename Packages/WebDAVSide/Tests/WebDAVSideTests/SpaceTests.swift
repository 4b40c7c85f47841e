import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

@Suite("The free space a WebDAV server tells (quota-available-bytes)")
struct SpaceTests {
    @Test("a server without quotas tells nothing: nil, not zero")
    func notGiven() throws {
        let rig = try Rig()
        let side = try #require(try rig.remote as? any SideSpaceReporting)
        #expect(try side.availableSpace() == nil)
    }

    @Test("a server that gives it: the root's value, from one PROPFIND of the root alone")
    func given() throws {
        let rig = try Rig()
        rig.server.availableBytes = 123_456
        let side = try #require(try rig.remote as? any SideSpaceReporting)
        rig.transport.reset()
        #expect(try side.availableSpace() == 123_456)
        #expect(rig.transport.requests.map { "\($0.method) \($0.headers["Depth"] ?? "")" } == ["PROPFIND 0"])
    }

    @Test("a 404 propstat or a negative number is no value")
    func oddAnswers() throws {
        let body = """
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/c/</D:href>
            <D:propstat><D:prop><D:quota-available-bytes>-5</D:quota-available-bytes></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><D:quota-available-bytes>77</D:quota-available-bytes></D:prop>
            <D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response></D:multistatus>
            """
        #expect(try Multistatus.parse(Data(body.utf8)).first?.quotaAvailable == nil)
    }
}

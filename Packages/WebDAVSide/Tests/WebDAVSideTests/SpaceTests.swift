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

    @Test("after a listing of the root that did not give it, nothing is asked: the server does not tell it")
    func notAskedTwice() throws {
        let rig = try Rig()
        let side = try #require(try rig.remote as? any SyncSideProviding & SideSpaceReporting)
        _ = try side.scan { _, _ in false }
        rig.transport.reset()
        #expect(try side.availableSpace() == nil)
        #expect(rig.transport.requests.isEmpty)
        // The listing answered one question: a later one (the server may have quotas by now) asks.
        rig.server.availableBytes = 77
        #expect(try side.availableSpace() == 77)
        #expect(rig.transport.requests.count == 1)
    }

    @Test("after a listing of the root that gave it, the free space is asked again: writes since may have used it")
    func askedFreshWhenTold() throws {
        let rig = try Rig()
        rig.server.availableBytes = 500
        let side = try #require(try rig.remote as? any SyncSideProviding & SideSpaceReporting)
        _ = try side.scan { _, _ in false }
        rig.server.availableBytes = 400
        rig.transport.reset()
        #expect(try side.availableSpace() == 400)
        #expect(rig.transport.requests.count == 1)
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

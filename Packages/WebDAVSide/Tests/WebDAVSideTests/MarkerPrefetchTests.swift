import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// The root marker comes beside the root's first listing, so the engine's read of it right after
/// the scan costs no round trip; it is used only when the listing shows the same version.
@Suite("The root marker fetched beside the first listing")
struct MarkerPrefetchTests {
    @Test("a scan fetches the marker with the listing; the read after it sends nothing")
    func readAfterScanIsFree() throws {
        let rig = try Rig()
        rig.server.write(Data("marker".utf8), at: "/c/.synccli-root")
        let side = try rig.remote
        _ = try side.scan { _, _ in false }
        let sent = rig.transport.requests.map { "\($0.method) \($0.url.path())" }
        #expect(sent.contains("GET /c/.synccli-root"), "\(sent)")
        rig.transport.reset()
        #expect(try side.readDocument(named: ReservedNames.rootMarker) == Data("marker".utf8))
        #expect(rig.transport.requests.isEmpty)
        // Taken once: a later read looks again, as for any document read before.
        #expect(try side.readDocument(named: ReservedNames.rootMarker) == Data("marker".utf8))
        #expect(rig.transport.requests.map(\.method) == [.propfind])
    }

    @Test("a marker fetched in another version than the listing shows is not used: the read fetches it")
    func otherVersionIsFetched() throws {
        let rig = try Rig()
        rig.server.write(Data("marker".utf8), at: "/c/.synccli-root")
        rig.transport.route(
            .get, "/c/.synccli-root",
            .respond(HTTPResponse(status: 200, headers: ["ETag": "\"elsewhere\""], body: Data("stale".utf8))),
            times: .once)
        let side = try rig.remote
        _ = try side.scan { _, _ in false }
        rig.transport.reset()
        #expect(try side.readDocument(named: ReservedNames.rootMarker) == Data("marker".utf8))
        #expect(rig.transport.requests.map(\.method) == [.get])
    }

    @Test("no marker, or a folder in its place: nothing is kept, and the read says so as before")
    func absentOrFolder() throws {
        let rig = try Rig()
        let side = try rig.remote
        _ = try side.scan { _, _ in false }
        #expect(try side.readDocument(named: ReservedNames.rootMarker) == nil)
        let other = try Rig()
        other.server.makeCollection(at: "/c/.synccli-root")
        let folderSide = try other.remote
        _ = try folderSide.scan { _, _ in false }
        #expect(throws: TreeError.self) { try folderSide.readDocument(named: ReservedNames.rootMarker) }
    }
}

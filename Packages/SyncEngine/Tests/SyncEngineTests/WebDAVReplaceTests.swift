import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import SyncEngine

@Suite("A file replaced on a WebDAV container: the old version's trip to the trash and the upload at once")
struct WebDAVReplaceTests {
    static func isUpload(_ request: HTTPRequest) -> Bool {
        request.method == .put && request.url.path().hasPrefix("/sync/docs/d/.synccli-tmp-")
    }

    static func isTrashMove(_ request: HTTPRequest) -> Bool {
        request.method == .move && request.url.path() == "/sync/docs/d/f.txt"
            && (request.headers["Destination"] ?? "").contains("/.synccli-trash/")
    }

    /// A rig whose laptop synced `d/f.txt` ("old") and then changed it ("new").
    func changed(_ quirks: WebDAVQuirks) async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: quirks)
        try rig.put("old", at: "d/f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("new", at: "d/f.txt", on: "laptop")
        rig.transport.reset()
        return rig
    }

    @Test(
        "the old version's move into the trash and the new version's upload are in flight together",
        arguments: [WebDAVQuirks.lighttpd, .rclone])
    func together(_ quirks: WebDAVQuirks) async throws {
        let rig = try await changed(quirks)
        let gate = GateTransport(
            rig.transport,
            gates: [
                .init(name: "trash move and upload", count: 2) { request, _ in
                    Self.isTrashMove(request) || Self.isUpload(request)
                }
            ])
        let report = try await rig.manager("laptop", copyWorkers: 4, through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == ["trash move and upload"])
        #expect(report.isComplete && report.copied == 1 && report.replaced == 1, "\(report)")
        #expect(rig.remote == ["d": "/", "d/f.txt": "new"] && rig.remoteTrash == ["old"])
        #expect(!rig.server.paths.contains { $0.contains(".synccli-tmp") })
    }

    @Test(
        "an upload whose old version could not go to the trash (changed or removed on the server since the plan) is discarded: nothing lands, nothing is left",
        arguments: [WebDAVQuirks.lighttpd, .rclone], [false, true])
    func trashRefused(_ quirks: WebDAVQuirks, removed: Bool) async throws {
        let rig = try await changed(quirks)
        let server = rig.server
        rig.transport.route(
            .move, "/sync/docs/d/f.txt",
            .handle { request in
                guard removed else { return HTTPResponse(status: 412) }
                _ = server.respond(to: HTTPRequest(.delete, request.url), body: Data())
                return HTTPResponse(status: 404)
            }, times: .once)
        let report = try await rig.manager("laptop", copyWorkers: 4).sync(try rig.pair("laptop"))
        #expect(report.copied == 0 && report.replaced == 0 && !report.isComplete, "\(report)")
        #expect(Set(report.skipped.map(\.action.operation)) == [.copy, .trash], "\(report.skipped)")
        #expect(rig.transport.requests.filter(Self.isUpload).count == 1, "the upload went beside the move")
        #expect(rig.remote == (removed ? ["d": "/"] : ["d": "/", "d/f.txt": "old"]) && rig.remoteTrash.isEmpty)
        #expect(!rig.server.paths.contains { $0.contains(".synccli-tmp") }, "the upload was removed")
        let next = try await rig.manager("laptop", copyWorkers: 4).sync(try rig.pair("laptop"))
        #expect(next.isComplete && next.copied == 1, "\(next)")
        #expect(rig.remote == ["d": "/", "d/f.txt": "new"] && rig.remoteTrash == (removed ? [] : ["old"]))
    }
}

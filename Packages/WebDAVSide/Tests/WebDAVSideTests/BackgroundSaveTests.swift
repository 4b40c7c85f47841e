import Dispatch
import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing

@testable import WebDAVSide

@Suite("A commit's save of the side's metadata, which goes on after the commit returns")
struct BackgroundSaveTests {
    /// A rig whose server holds the metadata document's `MOVE` (the save's last request) until the
    /// lock's `DELETE` arrives, or at most `hold` seconds, and logs both as they are answered.
    /// A save the release waits for is logged first whatever the machine's speed; a release that
    /// did not wait is logged first (the held save lets go when the release arrives).
    func rig(hold: Double = 2) throws -> (Rig, log: @Sendable () -> [String]) {
        let rig = try Rig(quirks: .lighttpd)
        let log = Mutex<[String]>([])
        let released = DispatchSemaphore(value: 0)
        let server = rig.server
        rig.transport.route(
            .move, "/c/.synccli-tmp-*",
            .handle { request in
                guard request.headers["Destination"]?.hasSuffix(ReservedNames.sideMetadata) == true else {
                    return server.respond(to: request, body: Data())
                }
                _ = released.wait(timeout: .now() + hold)
                let response = server.respond(to: request, body: Data())
                log.withLock { $0.append("metadata saved") }
                return response
            })
        rig.transport.route(
            .delete, "/c/.synccli-lock-docs",
            .handle { request in
                log.withLock { $0.append("lock released") }
                released.signal()
                return server.respond(to: request, body: Data())
            })
        return (rig, { log.withLock { $0 } })
    }

    @Test("the lock's release waits for the save: nothing of the run is written once another machine may lock")
    func releaseWaits() throws {
        let (rig, log) = try rig()
        try rig.writeLocal("payload", at: "f")
        let local = try rig.local
        let remote = try rig.remote
        let held = try #require(remote as? any SideLocking).lock("docs", holder: "laptop pid 1", machine: "laptop")
        let source = try #require(try local.entry(at: path("f")))
        _ = try remote.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        held.release()
        #expect(log() == ["metadata saved", "lock released"])
        #expect(
            String(decoding: rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data(), as: UTF8.self)
                .contains("\"f\""))
    }

    @Test("a flush waits for the save")
    func flushWaits() async throws {
        let (rig, log) = try rig()
        try rig.writeLocal("one", at: "f")
        let local = try rig.local
        let remote = try rig.remote
        let source = try #require(try local.entry(at: path("f")))
        _ = try remote.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        try remote.flush()
        // The request that lets a held save go, sent only once the flush has returned.
        _ = try await rig.transport.send(HTTPRequest(.delete, rig.remoteRoot.appending(path: ".synccli-lock-docs")))
        #expect(log() == ["metadata saved", "lock released"])
        let metadata = String(
            decoding: rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data(), as: UTF8.self)
        #expect(metadata.contains("\"f\""), "\(metadata)")
        #expect(!rig.allRemotePaths.contains { $0.contains(StagedCopy.temporaryPrefix) })
    }
}

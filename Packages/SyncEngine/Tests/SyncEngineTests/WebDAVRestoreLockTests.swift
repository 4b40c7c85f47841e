import FileTreeInterface
import Foundation
import LockInterface
import LockMock
import NetworkInterface
import NetworkMock
import Testing
import WebDAVSide

@testable import SyncEngine

/// `trash restore` changes a side as a sync does, so it takes the same locks and is refused the
/// same way while they are held.
@Suite("Trash restore over a WebDAV container holds the pair's locks")
struct WebDAVRestoreLockTests {
    /// A pair synced by the laptop whose file was then deleted on the desk: its old version is in
    /// the server's trash.
    func trashedRig() async throws -> (WebDAVRig, TrashItem) {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "b.txt", on: "laptop")
        try rig.put("gamma", at: "c.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.remove("a.txt", on: "desk")
        _ = try await rig.sync("desk")
        let item = try #require(
            try await rig.manager("laptop").newestTrashed(try RelativePath("a.txt"), of: try rig.pair("laptop")))
        #expect(item.side == .container)
        return (rig, item)
    }

    @Test("a restore takes the container's lock and gives it back")
    func takesContainerLock() async throws {
        let (rig, item) = try await trashedRig()
        rig.transport.reset()
        try await rig.manager("laptop").restore(item, of: try rig.pair("laptop"))
        #expect(rig.remote["a.txt"] == "alpha")
        let calls = rig.transport.requests.map { "\($0.method) \($0.url.path())" }
        let locked = try #require(calls.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let moved = try #require(calls.firstIndex { $0.hasPrefix("MOVE /sync/docs/.synccli-trash/") })
        #expect(locked < moved && calls.last == "DELETE /sync/.synccli-lock-docs")
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"))
    }

    @Test("while another machine's sync holds the container's lock, a restore is refused and moves nothing")
    func refusedWhileContainerLocked() async throws {
        let (rig, item) = try await trashedRig()
        let desk = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.container) as? any SideLocking)
        let held = try desk.lock("docs", holder: "desk's sync", machine: "desk")
        defer { held.release() }
        do {
            try await rig.manager("laptop").restore(item, of: try rig.pair("laptop"))
            Issue.record("the restore ran")
        } catch SyncError.pairLocked(let holder) {
            #expect(holder.contains("desk's sync"))
        }
        #expect(rig.remote["a.txt"] == nil)
        #expect(rig.remoteTrash == ["alpha"])
    }

    @Test("while a sync on this machine holds the pair's lock, a restore is refused and moves nothing")
    func refusedWhilePairLocked() async throws {
        let (rig, item) = try await trashedRig()
        let held = try rig.pairLocking("laptop").acquire("docs", holder: "this machine's sync")
        defer { held.release() }
        do {
            try await rig.manager("laptop").restore(item, of: try rig.pair("laptop"))
            Issue.record("the restore ran")
        } catch SyncError.pairLocked(let holder) {
            #expect(holder == "this machine's sync")
        }
        #expect(rig.remote["a.txt"] == nil)
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "nor took the container's lock")
    }
}

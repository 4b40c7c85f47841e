import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import SyncEngine

/// A sync reads while it takes the container's lock; another machine's sync may end in between
/// (its lock gone before this one's look at the container), and the reads then hold part of its
/// work. Scripted by a transport that runs the other sync at the chosen moment (no timing).
@Suite("A sync that ends on another machine while this one plans")
struct WebDAVLockRaceTests {
    @Test("what the other sync did is planned in this run: the plan is made again under the lock")
    func replannedUnderLock() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "b.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.remove("a.txt", on: "desk")
        try rig.put("beta 2", at: "b.txt", on: "laptop")
        // The desk's sync (a.txt into the server's trash) runs after the laptop's scan has listed
        // the pair's folder, and before the laptop's lock looks at the container.
        let interleaving = InterleavingTransport(
            rig.transport,
            after: { $0.method == .propfind && $0.headers["Depth"] == "1" && $0.url.path() == "/sync/docs/" },
            until: { $0.method == .propfind && $0.url.path() == "/sync/" },
            between: {
                do {
                    let desk = try await rig.sync("desk")
                    #expect(desk.deleted == 1, "the desk's sync ran in between")
                } catch {
                    Issue.record("the desk's sync failed: \(error)")
                }
            })
        let report = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
        #expect(report.isComplete && report.copied == 1 && report.deleted == 1, "\(report)")
        #expect(rig.local("laptop")["a.txt"] == nil, "the desk's deletion arrived in this run")
        #expect(rig.remote["b.txt"] == "beta 2" && rig.remote["a.txt"] == nil)
    }
}

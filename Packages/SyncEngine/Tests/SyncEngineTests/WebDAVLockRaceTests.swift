import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing
import WebDAVSide

@testable import SyncEngine

/// A sync reads while it takes the container's lock; another machine's sync may end in between
/// (its lock gone before this one's look at the container), and the reads then hold part of its
/// work. Scripted by a transport that runs the other sync at the chosen moment (no timing).
@Suite("A sync that ends on another machine while this one plans")
struct WebDAVLockRaceTests {
    @Test("what the other sync did is planned in this run: the plan is made again under the lock")
    func replannedUnderLock() async throws {
        let rig = try await Self.bothSynced(.lighttpd)
        try rig.remove("a.txt", on: "desk")
        try rig.put("beta 2", at: "b.txt", on: "laptop")
        // The desk's sync (a.txt into the server's trash) runs after the laptop's scan has listed
        // the pair's folder, and before the laptop's lock looks at the container.
        let interleaving = InterleavingTransport(
            rig.transport,
            after: { $0.method == .propfind && $0.headers["Depth"] == "1" && $0.url.path() == "/sync/docs/" },
            until: { $0.method == .propfind && $0.url.path() == "/sync/" },
            between: Self.deskSync(rig) { $0.deleted == 1 })
        let report = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
        #expect(report.isComplete && report.copied == 1 && report.deleted == 1, "\(report)")
        #expect(rig.local("laptop")["a.txt"] == nil, "the desk's deletion arrived in this run")
        #expect(rig.remote["b.txt"] == "beta 2" && rig.remote["a.txt"] == nil)
    }

    /// A rig whose laptop synced `a.txt` ("alpha") and `b.txt` ("beta"), and whose desk then
    /// synced them too.
    static func bothSynced(_ quirks: WebDAVQuirks) async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: quirks)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "b.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        return rig
    }

    /// The desk's sync, for an ``InterleavingTransport`` to run in between; `ran` says, from its
    /// report, that it did what the test needs.
    static func deskSync(
        _ rig: WebDAVRig, ran: @escaping @Sendable (SyncReport) -> Bool
    ) -> @Sendable () async -> Void {
        {
            do {
                let desk = try await rig.sync("desk")
                #expect(ran(desk), "the desk's sync ran in between: \(desk)")
            } catch {
                Issue.record("the desk's sync failed: \(error)")
            }
        }
    }

    /// A request that takes the container's lock: its create, the check beside it, or (where the
    /// server ignores conditions) the document written under another name before its move.
    static func takesLock(_ request: HTTPRequest) -> Bool {
        request.method == .put && request.url.path().hasPrefix("/sync/.synccli-")
    }

    @Test(
        "another machine's sync that runs after this one's look at the lock, before its lock, is planned in this run",
        arguments: [false, true])
    func syncAfterLook(_ ignoresConditions: Bool) async throws {
        let rig = try await Self.bothSynced(ignoresConditions ? .rclone : .lighttpd)
        try rig.remove("a.txt", on: "desk")
        try rig.put("beta 2", at: "b.txt", on: "laptop")
        // The laptop found no lock; the desk's whole sync (a.txt into the server's trash) runs
        // before the laptop takes it.
        let interleaving = InterleavingTransport(
            rig.transport, after: { $0.method == .propfind && $0.url.path() == "/sync/" }, until: Self.takesLock,
            between: Self.deskSync(rig) { $0.deleted == 1 })
        let report = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
        #expect(report.isComplete && report.copied == 1 && report.deleted == 1, "\(report)")
        #expect(rig.local("laptop")["a.txt"] == nil, "the desk's deletion arrived in this run")
        #expect(rig.remote["b.txt"] == "beta 2" && rig.remote["a.txt"] == nil)
    }

    @Test(
        "with only the server changed, another machine's sync between this one's look and its lock (taken after the plan) is planned in this run",
        arguments: [false, true])
    func syncBeforeLateLock(_ ignoresConditions: Bool) async throws {
        let rig = try await Self.bothSynced(ignoresConditions ? .rclone : .lighttpd)
        try rig.remove("a.txt", on: "desk")
        _ = try await rig.sync("desk")  // the laptop has nothing of its own to send: it locks after its plan
        try rig.put("beta from desk", at: "b.txt", on: "desk")
        rig.transport.reset()  // the earlier syncs' first requests went side by side, in any order
        let interleaving = InterleavingTransport(
            // After the laptop's first listing of the pair (its answer holds the state before the
            // desk's sync), before its lock.
            rig.transport,
            after: { $0.method == .propfind && $0.headers["Depth"] == "1" && $0.url.path() == "/sync/docs/" },
            until: Self.takesLock,
            between: Self.deskSync(rig) { $0.copied == 1 })
        let report = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
        #expect(report.isComplete, "\(report)")
        #expect(rig.local("laptop") == ["b.txt": "beta from desk"], "both of the desk's syncs arrived in this run")
        #expect(rig.remote == ["b.txt": "beta from desk"])
        // The last lock taken is the laptop's (the desk's sync took one after the laptop's listing).
        let locked = rig.transport.requests.lastIndex {
            $0.method == .put && $0.url.path() == "/sync/.synccli-lock-docs"
                || $0.method == .move && ($0.headers["Destination"] ?? "").hasSuffix("/.synccli-lock-docs")
        }
        let listed = rig.transport.requests.firstIndex {
            $0.method == .propfind && $0.headers["Depth"] == "1" && $0.url.path() == "/sync/docs/"
        }
        #expect(locked != nil && listed != nil && locked! > listed!, "the laptop locked after its plan's reads")
    }

    @Test(
        "another machine that takes the lock after this one's look, and holds it, refuses this sync (pairLocked, naming it); nothing is written",
        arguments: [false, true])
    func lockedAfterLook(_ ignoresConditions: Bool) async throws {
        let rig = WebDAVRig(quirks: ignoresConditions ? .rclone : .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("alpha 2", at: "a.txt", on: "laptop")
        let other = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.container) as? any SideLocking)
        let desk = HeldLockBox()
        let interleaving = InterleavingTransport(
            rig.transport, after: { $0.method == .propfind && $0.url.path() == "/sync/" }, until: Self.takesLock,
            between: {
                do {
                    let held = try other.lock("docs", holder: "desk (pid 7)", machine: "desk")
                    desk.lock.withLock { $0 = held }
                } catch {
                    Issue.record("the desk's lock was refused: \(error)")
                }
            })
        let before = rig.remote
        do {
            _ = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
            Issue.record("the sync ran while another machine held the lock")
        } catch SyncError.pairLocked(let holder) {
            #expect(holder.contains("desk (pid 7)"))
        }
        #expect(rig.remote == before && rig.remote["a.txt"] == "alpha", "nothing written")
        #expect(rig.server.paths.contains("/sync/.synccli-lock-docs"), "the desk's lock stays")
        desk.lock.withLock { $0?.release() }
        #expect(try await rig.sync("laptop").copied == 1)
    }
}

/// A lock another machine took in the middle of a test's sync, to release at its end.
final class HeldLockBox: Sendable {
    let lock = Mutex<(any SideLockHolding)?>(nil)
}

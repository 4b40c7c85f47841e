import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// A look at the container lock that writes nothing, and the lock taken right after it without a
/// second look: what a sync with nothing to write, or with something, relies on.
@Suite("Looking at the container lock on a WebDAV server, and taking it after the look")
struct LookAtLockTests {
    /// Two machines' openers on one server, sharing a clock.
    func machines(_ quirks: WebDAVQuirks) throws -> (Rig, any SideLocking, any SideLocking, TestClock) {
        try LockTests().machines(quirks)
    }

    @Test(
        "a look is one listing of the container and writes nothing; it sees a lock held or left behind",
        arguments: [WebDAVQuirks(), .rclone])
    func look(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, clock) = try machines(quirks)
        try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop").release()  // the record is written
        let before = rig.allRemotePaths
        rig.transport.reset()
        #expect(try desk.hasLock("docs") == false)
        #expect(rig.transport.requests.map { "\($0.method) \($0.url.path())" } == ["PROPFIND /c/"])
        #expect(rig.allRemotePaths == before, "nothing written")
        _ = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")  // never released
        let later = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot) as? any SideLocking)
        #expect(try later.hasLock("docs"))
        clock.advance(3_600)  // its lease long over: still there, for the taker to take over
        #expect(try later.hasLock("docs"))
        #expect(try later.hasLock("photos") == false, "another name is another lock")
    }

    @Test("a look at a container that is not there, or a server that refuses it, is rootUnavailable, never 'no lock'")
    func lookAtMissing() throws {
        let (rig, laptop, _, _) = try machines([])
        rig.transport.route(.propfind, "/c/", .respond(status: 401))
        #expect {
            _ = try laptop.hasLock("docs")
        } throws: { error in
            guard case TreeError.rootUnavailable(_, reason: .unreachable(let reason)) = error else { return false }
            return reason.contains("401")
        }
        let gone = try Rig(quirks: [])
        let missing = try #require(
            try gone.sides.openSide(at: URL(string: "http://dav.test/nothing/")!) as? any SideLocking)
        #expect {
            _ = try missing.hasLock("docs")
        } throws: { error in
            if case TreeError.rootUnavailable = error { return true }
            return false
        }
    }

    @Test("on a container recorded as ignoring conditions, the look says so at once: no probe, no write")
    func lookTakesRecord() throws {
        let (rig, first, _, _) = try machines(.rclone)
        try first.lock("docs", holder: "laptop pid 1", machine: "laptop").release()  // probed and recorded
        let fresh = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        let looking = try #require(fresh as? any SideLocking)
        #expect(fresh.capabilities.features.contains(.conditionalWrites), "claimed until found out")
        rig.transport.reset()
        #expect(try looking.hasLock("docs") == false)
        #expect(!fresh.capabilities.features.contains(.conditionalWrites))
        #expect(rig.transport.requests.count == 1)
    }

    @Test(
        "the lock taken after a look sends no second listing; a lock another machine took since is refused, naming it",
        arguments: [WebDAVQuirks(), .rclone])
    func lockAfterLook(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, _) = try machines(quirks)
        try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop").release()  // the record is written
        #expect(try laptop.hasLock("docs") == false)
        rig.transport.reset()
        let held = try laptop.lockFoundFree("docs", holder: "laptop pid 1", machine: "laptop")
        #expect(!rig.transport.requests.contains { $0.method == .propfind && $0.url.path() == "/c/" })
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        held.release()
        // The desk looks, the laptop takes the lock, then the desk takes it on its look.
        #expect(try desk.hasLock("docs") == false)
        let laptops = try laptop.lock("docs", holder: "laptop pid 3", machine: "laptop")
        #expect("the desk takes no lock the laptop holds") {
            _ = try desk.lockFoundFree("docs", holder: "desk pid 2", machine: "desk")
        } throws: { ($0 as? SideLockHeld)?.holder == "laptop pid 3" }
        laptops.release()
        #expect(rig.allRemotePaths.filter { $0.contains(".synccli-lock") || $0.contains(".synccli-tmp") }.isEmpty)
    }

    @Test(
        "where the probe cannot run on a server that ignores conditions, a lock taken since the look is not written over: the probe's write made the look old"
    )
    func unknownConditionsLookAgain() throws {
        let (rig, laptop, desk, _) = try machines(.rclone)
        rig.transport.route(.put, "/c/.synccli-conditions-enforced", .respond(status: 403))  // no probe, no record
        #expect(try laptop.hasLock("docs") == false)
        let held = try desk.lock("docs", holder: "desk pid 2", machine: "desk")
        #expect("the laptop writes not over the desk's lock") {
            _ = try laptop.lockFoundFree("docs", holder: "laptop pid 1", machine: "laptop")
        } throws: { ($0 as? SideLockHeld)?.holder == "desk pid 2" }
        let looks = rig.transport.requests.filter {
            $0.method == .propfind && $0.url.path() == "/c/.synccli-lock-docs" && $0.headers["Depth"] == "0"
        }
        #expect(!looks.isEmpty, "the lock looked at again after the probe's refused write")
        held.release()
    }
}

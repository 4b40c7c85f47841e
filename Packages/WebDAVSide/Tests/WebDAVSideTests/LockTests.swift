import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing

@testable import WebDAVSide

/// A clock the test moves.
final class TestClock: Sendable {
    private let seconds = Mutex<Double>(1_800_000_000)
    func now() -> Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
    func advance(_ by: Double) { seconds.withLock { $0 += by } }
    func set(_ value: Double) { seconds.withLock { $0 = value } }
}

@Suite("The container lock on a WebDAV server: a lease every machine sees")
struct LockTests {
    /// Two machines' openers on one server, sharing a clock.
    func machines(_ quirks: WebDAVQuirks) throws -> (Rig, any SideLocking, any SideLocking, TestClock) {
        let rig = try Rig(quirks: quirks)
        let clock = TestClock()
        var settings = WebDAVSides.Settings()
        settings.leaseDuration = .seconds(600)
        settings.now = { clock.now() }
        let laptop = try #require(
            try WebDAVSides(transport: rig.transport, settings: settings).openSide(at: rig.remoteRoot)
                as? any SideLocking)
        let desk = try #require(
            try WebDAVSides(transport: rig.transport, settings: settings).openSide(at: rig.remoteRoot)
                as? any SideLocking)
        return (rig, laptop, desk, clock)
    }

    @Test("one holder at a time; a released lock is free again", arguments: [WebDAVQuirks(), .rclone])
    func exclusive(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, _) = try machines(quirks)
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        do {
            _ = try desk.lock("docs", holder: "desk pid 2", machine: "desk")
        } catch let error as SideLockHeld {
            #expect(error.holder == "laptop pid 1")
        }
        held.release()
        #expect(rig.allRemotePaths.filter { !$0.contains(".synccli-conditions-") }.isEmpty)
        try desk.lock("docs", holder: "desk pid 2", machine: "desk").release()
    }

    @Test(
        "a crashed holder's lock is taken over only after its lease; its late release leaves the new lock",
        arguments: [WebDAVQuirks(), .rclone])
    func takeOver(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, clock) = try machines(quirks)
        let crashed = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        clock.advance(599)
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        clock.advance(2)
        let taken = try desk.lock("docs", holder: "desk pid 2", machine: "desk")
        crashed.release()
        if quirks.contains(.ignoresConditionalHeaders) {
            // Such a server deletes whatever is there: the note in the README says so.
            _ = taken
        } else {
            #expect(
                rig.allRemotePaths.filter { !$0.contains(".synccli-conditions-") }.count == 1,
                "the new holder's lock is still there")
            #expect(throws: SideLockHeld.self) { try laptop.lock("docs", holder: "laptop pid 3", machine: "laptop") }
        }
        taken.release()
    }

    @Test("an unreadable lock file holds until the lease from its time on the server has passed, never for ever")
    func unreadable() throws {
        let (rig, _, desk, clock) = try machines([])
        rig.server.write(Data("garbage".utf8), at: "/c/.synccli-lock-docs")
        // The in-memory server's clock starts at 1,780,000,000 s and ticks once a write.
        clock.set(1_780_000_100)
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk", machine: "desk") }
        clock.set(1_780_000_700)
        try desk.lock("docs", holder: "desk", machine: "desk").release()
    }

    @Test("a different lock name is a different lock")
    func names() throws {
        let (_, laptop, desk, _) = try machines([])
        let one = try laptop.lock("docs", holder: "laptop", machine: "laptop")
        let two = try desk.lock("photos", holder: "desk", machine: "desk")
        one.release()
        two.release()
    }

    @Test("the same machine takes over the lock it left at once (its crashed sync's)")
    func ownCrashedLock() throws {
        let (_, laptop, desk, _) = try machines([])
        _ = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")  // never released: a crash
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        try laptop.lock("docs", holder: "laptop pid 3", machine: "laptop").release()
    }

    @Test(
        "holders of two pairs' locks write the container's document through temporary names of their own; one holder's writes share one",
        arguments: [WebDAVQuirks(), .rclone])
    func documentTemporaries(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, _) = try machines(quirks)
        let docs = try laptop.lock("docs", holder: "laptop", machine: "laptop")
        let photos = try desk.lock("photos", holder: "desk", machine: "desk")
        let laptopDocuments = try #require(laptop as? any SideDocuments)
        let deskDocuments = try #require(desk as? any SideDocuments)
        let taken = rig.transport.requests.count
        try laptopDocuments.writeDocument(Data("a".utf8), named: "data.json")
        try deskDocuments.writeDocument(Data("b".utf8), named: "data.json")
        try laptopDocuments.writeDocument(Data("c".utf8), named: "data.json")
        let temporaries = rig.transport.requests.dropFirst(taken).filter {
            $0.method == .put && $0.url.path().contains(".synccli-tmp-")
        }
        .map { $0.url.path() }
        // Shared, the second sync's MOVE could find its source already moved by the first: rclone
        // then deletes data.json.
        #expect(temporaries.count == 3)
        #expect(Set(temporaries).count == 2 && temporaries[0] == temporaries[2], "\(temporaries)")
        #expect(rig.server.file(at: "/c/data.json") == Data("c".utf8))
        docs.release()
        photos.release()
    }

    @Test(
        "a lock past half its lease is renewed by its holder's next request: no one takes it when the first lease ends",
        arguments: [WebDAVQuirks(), .rclone])
    func renewed(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, clock) = try machines(quirks)
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        let documents = try #require(laptop as? any SideDocuments)
        let lockWrites = {
            rig.transport.requests.filter { $0.method == .put && $0.url.path() == "/c/.synccli-lock-docs" }
        }
        let created = lockWrites().count  // 0 where the lock was made under another name and moved
        clock.advance(200)
        try documents.writeDocument(Data("1".utf8), named: "data.json")
        #expect(lockWrites().count == created, "not renewed before half the lease")
        clock.advance(200)  // 200 s of the lease left: renewed by the next request
        try documents.writeDocument(Data("2".utf8), named: "data.json")
        #expect(lockWrites().count == created + 1)
        clock.advance(400)  // past the first lease's end
        #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        held.release()  // with the renewal's ETag
        try desk.lock("docs", holder: "desk pid 2", machine: "desk").release()
    }

    @Test(
        "a lock another machine took over after its lease ran out is lost: every later request of the first holder fails, and its release leaves the new lock",
        arguments: [WebDAVQuirks(), .rclone])
    func lost(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, clock) = try machines(quirks)
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        let documents = try #require(laptop as? any SideDocuments)
        clock.advance(700)  // the laptop slept past its lease
        let taken = try desk.lock("docs", holder: "desk pid 2", machine: "desk")
        for _ in 0..<2 {
            do {
                try documents.writeDocument(Data("x".utf8), named: "data.json")
                Issue.record("the first holder went on changing the container")
            } catch TreeError.remote(_, let message) {
                #expect(message.contains("no longer this sync's"), "\(message)")
            }
        }
        #expect(rig.server.file(at: "/c/data.json") == nil)
        held.release()
        let lock = rig.server.file(at: "/c/" + ReservedNames.lockPrefix + "docs").map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(lock?.contains("desk pid 2") == true, "the new holder's lock stays")
        taken.release()
    }

    @Test(
        "a renewal whose answer was lost, or whose ETag the server changed on its own, is still the holder's: the sync goes on and the lease is renewed"
    )
    func renewalStillOwn() throws {
        for quirks in [WebDAVQuirks(), [.changesETagsOnItsOwn]] {
            let (rig, laptop, desk, clock) = try machines(quirks)
            let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
            let documents = try #require(laptop as? any SideDocuments)
            let server = rig.server
            if quirks.isEmpty {
                rig.transport.route(
                    .put, "/c/" + ReservedNames.lockPrefix + "docs",
                    .handle { request in
                        guard case .bytes(let body) = request.body else { return HTTPResponse(status: 400) }
                        _ = server.respond(to: request, body: body)
                        throw HTTPTransportError(.connectionLost, request, "the answer was lost")
                    }, times: .count(1))
            } else {
                #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
            }
            clock.advance(400)
            try documents.writeDocument(Data("1".utf8), named: "data.json")
            clock.advance(10)
            try documents.writeDocument(Data("2".utf8), named: "data.json")
            clock.advance(400)  // past the first lease's end
            #expect(throws: SideLockHeld.self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
            held.release()
        }
    }

    @Test("a renewal the server refuses lets the sync go on while the lease lasts, and stops it near the end")
    func renewalRefused() throws {
        let (rig, laptop, _, clock) = try machines(.lighttpd)
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        let documents = try #require(laptop as? any SideDocuments)
        rig.transport.route(.put, "/c/" + ReservedNames.lockPrefix + "docs", .respond(status: 507))
        clock.advance(400)
        try documents.writeDocument(Data("1".utf8), named: "data.json")
        clock.advance(150)  // 50 s left of 600
        do {
            try documents.writeDocument(Data("2".utf8), named: "data.json")
            Issue.record("the sync went on with its lease running out")
        } catch TreeError.remote(_, let message) {
            #expect(message.contains("could not be renewed"), "\(message)")
        }
        #expect(rig.server.file(at: "/c/data.json") == Data("1".utf8))
        held.release()
    }

    @Test(
        "two machines creating the lock at the same moment where the server ignores conditions: one holds it (the lock is moved onto its name with Overwrite: F)"
    )
    func simultaneous() throws {
        let rig = try Rig(quirks: .rclone)
        let deskTransport = MockHTTPTransport(server: rig.server)
        let laptop = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot) as? any SideLocking)
        let desk = try #require(
            try WebDAVSides(transport: deskTransport).openSide(at: rig.remoteRoot) as? any SideLocking)
        let laptopHolds = Mutex<Bool?>(nil)
        let server = rig.server
        // The laptop creates the lock after the desk found none, before the desk's create lands.
        let create: @Sendable (HTTPRequest) throws -> HTTPResponse = { request in
            laptopHolds.withLock { $0 = (try? laptop.lock("docs", holder: "laptop", machine: "laptop")) != nil }
            let body: Data
            if case .bytes(let bytes) = request.body { body = bytes } else { body = Data() }
            return server.respond(to: request, body: body)
        }
        deskTransport.route(.put, "/c/" + ReservedNames.lockPrefix + "docs", .handle(create), times: .count(1))
        deskTransport.route(.move, "/c/.synccli-tmp-*", .handle(create), times: .count(1))
        let deskOutcome = Result { try desk.lock("docs", holder: "desk", machine: "desk") }
        let deskHolds = (try? deskOutcome.get()) != nil
        #expect(laptopHolds.withLock { $0 } != nil, "the laptop tried in between")
        #expect([deskHolds, laptopHolds.withLock { $0 } ?? false].filter { $0 }.count == 1)
        if case .failure(let held as SideLockHeld) = deskOutcome {
            #expect(held.holder == "laptop", "the machine that came first is named")
        }
        #expect(rig.server.paths.filter { $0.contains(".synccli-tmp-") }.isEmpty, "no staged lock left")
    }

    @Test(
        "a holder whose lease ran out while it sent nothing, released after another machine took the lock over, leaves the new lock",
        arguments: [WebDAVQuirks(), .rclone])
    func lateRelease(_ quirks: WebDAVQuirks) throws {
        let (rig, laptop, desk, clock) = try machines(quirks)
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        clock.advance(700)
        let taken = try desk.lock("docs", holder: "desk pid 2", machine: "desk")
        held.release()
        let lock = rig.server.file(at: "/c/" + ReservedNames.lockPrefix + "docs").map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(lock?.contains("desk pid 2") == true, "the new holder's lock stays")
        taken.release()
    }
}

import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// The container's record of whether its server enforces conditional writes: probed once, by the
/// first lock, then trusted only while every lock shows it still holds.
@Suite("The conditions record: one probe per container, checked by every lock")
struct ConditionsRecordTests {
    /// A fresh opener (one run of the tool) on the rig's server.
    func run(_ rig: Rig) throws -> WebDAVSide {
        try #require(try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot) as? WebDAVSide)
    }

    func calls(_ rig: Rig) -> [String] {
        rig.transport.requests.map { "\($0.method) \($0.url.path())" }
    }

    @Test("the first lock probes and keeps the record; later runs send the lock and its check together, nothing more")
    func probedOnce() throws {
        let rig = try Rig()
        try run(rig).lock("docs", holder: "a", machine: "a").release()
        #expect(rig.server.file(at: "/c/.synccli-conditions-enforced") != nil)
        #expect(calls(rig).filter { $0.hasPrefix("PUT /c/.synccli-conditions") }.count == 3, "the probe")
        rig.transport.reset()
        let side = try run(rig)
        let held = try side.lock("docs", holder: "a", machine: "a")
        #expect(
            calls(rig) == [
                "PROPFIND /c/", "PUT /c/.synccli-lock-docs", "PUT /c/.synccli-conditions-enforced",
            ])
        #expect(side.capabilities.features.contains(.conditionalWrites))
        held.release()
        #expect(calls(rig).last == "DELETE /c/.synccli-lock-docs")
        #expect(rig.transport.requests.last?.headers["If-Match"] != nil, "released only if still its own")
    }

    @Test("the first lock's probe sends its two checks at once, then the lock's create without another look")
    func probeChecksTogether() throws {
        let rig = try Rig()
        let server = rig.server
        let record = "/c/.synccli-conditions-enforced"
        // The checks are the record's PUTs once it is there (its create is not held).
        let counter = InFlightCounter(rig.transport, hold: 2) {
            $0.method == .put && $0.url.path() == record && server.file(at: record) != nil
        }
        let side = try #require(try WebDAVSides(transport: counter).openSide(at: rig.remoteRoot) as? WebDAVSide)
        try side.lock("docs", holder: "a", machine: "a").release()
        #expect(counter.most == 2, "the two checks in flight together")
        #expect(
            calls(rig) == [
                "PROPFIND /c/", "PUT \(record)", "PUT \(record)", "PUT \(record)", "PUT /c/.synccli-lock-docs",
                "DELETE /c/.synccli-lock-docs",
            ], "the probe's writes leave the listing's word on the lock's name standing")
        #expect(side.capabilities.features.contains(.conditionalWrites))
    }

    @Test("a probe check answered 423 Locked is sent again alone: a server that enforces conditions is found so")
    func lockedCheckAgain() throws {
        let rig = try Rig()
        let record = "/c/.synccli-conditions-enforced"
        rig.transport.route(.put, record, .server(rig.server), times: .once)  // the create
        rig.transport.route(.put, record, .respond(status: 423), times: .once)  // one of the checks
        let side = try run(rig)
        try side.lock("docs", holder: "a", machine: "a").release()
        #expect(calls(rig).filter { $0 == "PUT \(record)" }.count == 4, "the create, two checks, one again")
        #expect(side.capabilities.features.contains(.conditionalWrites))
        #expect(rig.server.file(at: record) != nil)
        #expect(rig.server.file(at: "/c/.synccli-conditions-ignored") == nil)
    }

    @Test(
        "a probe check locked twice tells nothing: no record of ignored conditions, the lock read back, the next lock's check tells"
    )
    func lockedCheckTwice() throws {
        let rig = try Rig()
        let record = "/c/.synccli-conditions-enforced"
        rig.transport.route(.put, record, .server(rig.server), times: .once)
        rig.transport.route(.put, record, .respond(status: 423), times: .count(3))
        let side = try run(rig)
        try side.lock("docs", holder: "a", machine: "a").release()
        #expect(rig.server.file(at: "/c/.synccli-conditions-ignored") == nil, "never recorded as ignored")
        #expect(calls(rig).contains("GET /c/.synccli-lock-docs"), "unknown: the lock is read back")
        rig.transport.reset()
        let next = try run(rig)
        try next.lock("docs", holder: "a", machine: "a").release()
        #expect(next.capabilities.features.contains(.conditionalWrites), "the record's check found them enforced")
    }

    @Test("a record a server no longer honours (the container moved to one that ignores conditions) is corrected")
    func staleRecord() throws {
        let rig = try Rig()
        try run(rig).lock("docs", holder: "a", machine: "a").release()
        rig.server.quirks = .rclone
        rig.transport.reset()
        let side = try run(rig)
        let held = try side.lock("docs", holder: "a", machine: "a")
        #expect(!side.capabilities.features.contains(.conditionalWrites), "nothing is trusted")
        #expect(calls(rig).contains("GET /c/.synccli-lock-docs"), "the lock is read back")
        #expect(rig.server.file(at: "/c/.synccli-conditions-enforced") == nil)
        #expect(rig.server.file(at: "/c/.synccli-conditions-ignored") != nil)
        held.release()
        rig.transport.reset()
        let next = try run(rig)
        try next.lock("docs", holder: "a", machine: "a").release()
        #expect(!next.capabilities.features.contains(.conditionalWrites))
        #expect(!calls(rig).contains { $0.hasPrefix("PUT /c/.synccli-conditions") }, "no probe, no check")
    }

    @Test("a server that ignores conditions is recorded as such on the first lock, and every lock is read back")
    func ignoringServer() throws {
        let rig = try Rig(quirks: .rclone)
        let side = try run(rig)
        let held = try side.lock("docs", holder: "a", machine: "a")
        #expect(!side.capabilities.features.contains(.conditionalWrites))
        #expect(rig.server.file(at: "/c/.synccli-conditions-ignored") != nil)
        #expect(rig.server.file(at: "/c/.synccli-conditions-enforced") == nil)
        held.release()
        #expect(!rig.server.paths.contains("/c/.synccli-lock-docs"))
    }

    @Test("a lock seen in the listing is read, never created over, even where the record says conditions hold")
    func heldLockIsRead() throws {
        let rig = try Rig()
        let laptop = try run(rig).lock("docs", holder: "laptop", machine: "laptop")
        rig.transport.reset()
        #expect(throws: SideLockHeld.self) { try run(rig).lock("docs", holder: "desk", machine: "desk") }
        #expect(!calls(rig).contains("PUT /c/.synccli-lock-docs"))
        laptop.release()
    }

    @Test("a document is fetched once a run: a second read only looks at its ETag; a changed one is fetched again")
    func documentReadOnce() throws {
        let rig = try Rig()
        rig.server.write(Data("one".utf8), at: "/c/data.json")
        let side = try run(rig)
        _ = try side.scan { _, _ in false }
        rig.transport.reset()
        #expect(try side.readDocument(named: "data.json") == Data("one".utf8))
        #expect(calls(rig) == ["GET /c/data.json"], "the listing gave its ETag")
        rig.transport.reset()
        #expect(try side.readDocument(named: "data.json") == Data("one".utf8))
        #expect(calls(rig) == ["PROPFIND /c/data.json"])
        rig.server.write(Data("two".utf8), at: "/c/data.json")
        #expect(try side.readDocument(named: "data.json") == Data("two".utf8))
    }

    @Test("a document changed after the listing is read as it is now, not as listed")
    func documentChangedSinceListing() throws {
        let rig = try Rig()
        rig.server.write(Data("one".utf8), at: "/c/data.json")
        let side = try run(rig)
        _ = try side.scan { _, _ in false }
        rig.server.write(Data("two".utf8), at: "/c/data.json")
        #expect(try side.readDocument(named: "data.json") == Data("two".utf8))
        rig.server.quirks = .rclone  // If-Match ignored: the answer's own ETag is what is kept
        rig.server.write(Data("three".utf8), at: "/c/data.json")
        _ = try side.scan { _, _ in false }
        rig.server.write(Data("four".utf8), at: "/c/data.json")
        #expect(try run(rig).readDocument(named: "data.json") == Data("four".utf8))
    }

    @Test("folders and the side's own documents are answered from the run's listing; a file is looked at again")
    func entriesFromListing() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/d")
        rig.server.write(Data("m".utf8), at: "/c/.synccli-root")
        rig.server.write(Data("f".utf8), at: "/c/f")
        let side = try run(rig)
        _ = try side.scan { _, _ in false }
        rig.transport.reset()
        #expect(try side.entry(at: .root)?.kind == .directory)
        #expect(try side.entry(at: path("d"))?.kind == .directory)
        #expect(try side.entry(at: path(".synccli-root")) != nil)
        #expect(try side.entry(at: path(".synccli-other")) == nil)
        #expect(calls(rig).isEmpty)
        rig.server.write(Data("changed".utf8), at: "/c/f")
        #expect(try side.entry(at: path("f"))?.size == 7)
        #expect(calls(rig) == ["PROPFIND /c/f"])
    }

    @Test("this run's own changes are never answered from the listing")
    func ownChangesForget() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/d")
        let side = try run(rig)
        _ = try side.scan { _, _ in false }
        try side.moveItem(try path("d"), to: try path("e"))
        #expect(try side.entry(at: path("d")) == nil)
        #expect(try side.entry(at: path("e"))?.kind == .directory)
        try side.writeDocument(Data("x".utf8), named: ".synccli-root")
        #expect(try side.readDocument(named: ".synccli-root") == Data("x".utf8))
    }

    @Test("a MOVE answered 423 Locked is tried again, three times at most")
    func lockedMove() throws {
        let rig = try Rig(quirks: .rclone)
        rig.server.makeCollection(at: "/c/d")
        let side = try run(rig)
        rig.transport.route(.move, "/c/d/", .respond(status: 423), times: .count(2))
        try side.moveItem(try path("d"), to: try path("e"))
        #expect(rig.server.isCollection("/c/e"))
        rig.transport.route(.move, "/c/e/", .respond(status: 423), times: .count(3))
        #expect(throws: TreeError.self) { try side.moveItem(try path("e"), to: try path("g")) }
        #expect(rig.server.isCollection("/c/e"), "left where it was")
        #expect(calls(rig).filter { $0 == "MOVE /c/e/" }.count == 3)
    }

    @Test(
        "an upload answered 423 Locked (rclone, beside a move in the same folder) is tried again, three times at most"
    )
    func lockedUpload() throws {
        let rig = try Rig(quirks: .rclone)
        try rig.writeLocal("payload", at: "f")
        try rig.writeLocal("other", at: "g")
        let local = try rig.local
        let side = try run(rig)
        rig.transport.route(.put, "/c/.synccli-tmp-*", .respond(status: 423), times: .count(2))
        let source = try #require(try local.entry(at: path("f")))
        _ = try side.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        #expect(rig.remoteText("f") == "payload")
        try side.flush()  // the metadata's own PUT (also a temporary name) is not among the next three
        rig.transport.route(.put, "/c/.synccli-tmp-*", .respond(status: 423), times: .count(3))
        let other = try #require(try local.entry(at: path("g")))
        #expect(throws: TreeError.self) {
            try side.copyFile(try path("g"), from: local, expected: other, to: try path("g"))
        }
        #expect(rig.remoteText("g") == nil)
    }

    @Test(
        "a move into a folder removed behind the run's back is notFound, and the folder is then made again, not taken as known",
        arguments: [WebDAVQuirks.lighttpd, .rclone])
    func moveIntoRemovedFolder(_ quirks: WebDAVQuirks) throws {
        let rig = try Rig(quirks: quirks)
        rig.server.write(Data("x".utf8), at: "/c/f")
        let side = try run(rig)
        try side.makeDirectory(try path("t"))
        try side.makeDirectory(try path("t/r"))
        _ = rig.server.respond(to: HTTPRequest(.delete, URL(string: "http://dav.test/c/t/")!), body: Data())
        if quirks.contains(.ignoresConditionalHeaders) {
            // rclone answers a move whose destination's folder is missing with 403.
            rig.transport.route(.move, "/c/f", .respond(status: 403), times: .count(1))
        }
        #expect(throws: TreeError.notFound(try path("t/r"))) { try side.moveItem(try path("f"), to: try path("t/r/f")) }
        try side.makeDirectory(try path("t"))
        try side.makeDirectory(try path("t/r"))
        try side.moveItem(try path("f"), to: try path("t/r/f"))
        #expect(rig.server.file(at: "/c/t/r/f") == Data("x".utf8))
    }
}

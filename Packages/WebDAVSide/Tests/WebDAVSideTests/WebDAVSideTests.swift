import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

@Suite("A side on a WebDAV server")
struct WebDAVSideTests {
    @Test("a scan lists files and folders below the root, sorted, with sizes; the side's own files too")
    func scan() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/b")
        rig.server.write(Data("hello".utf8), at: "/c/b/x.txt")
        rig.server.write(Data("é".utf8), at: "/c/a é.txt")
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.problems.isEmpty)
        #expect(scan.entries.map(\.path.text) == ["a é.txt", "b", "b/x.txt"])
        #expect(scan.entries.map(\.kind) == [.file, .directory, .file])
        #expect(scan.entries[2].size == 5)
    }

    @Test("an excluded folder is not listed at all")
    func excluded() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/skip")
        rig.server.write(Data("x".utf8), at: "/c/skip/inner")
        let scan = try rig.remote.scan { path, _ in path.name == "skip" }
        #expect(scan.entries.isEmpty)
        #expect(!rig.transport.requests.contains { $0.url.path().hasSuffix("/skip/") })
    }

    @Test("a missing root is rootUnavailable, never an empty listing")
    func missingRoot() throws {
        let rig = try Rig()
        let side = try rig.sides.openSide(at: URL(string: "http://dav.test/nothing/")!)
        #expect(throws: TreeError.rootUnavailable("http://dav.test/nothing/")) { try side.scan { _, _ in false } }
    }

    @Test("an HTML login page, refused credentials and an unreachable server are unreachable, with the reason")
    func unreachable() throws {
        for (action, words) in [
            (
                MockAction.respond(
                    status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>log in</html>".utf8)),
                "not a WebDAV server"
            ),
            (.respond(status: 401), "refused access (401)"),
            (.fail(.cannotConnect), "cannot reach the server"),
        ] {
            let rig = try Rig()
            rig.transport.route(.propfind, "/c/", action)
            do {
                _ = try rig.remote.scan { _, _ in false }
                Issue.record("no error for \(action)")
            } catch TreeError.rootUnavailable(_, reason: .unreachable(let reason)) {
                #expect(reason.contains(words), "\(reason)")
            }
        }
    }

    @Test("a folder whose listing fails is a scan problem; its siblings are listed")
    func failedFolder() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/bad")
        rig.server.makeCollection(at: "/c/good")
        rig.server.write(Data("x".utf8), at: "/c/good/f")
        rig.transport.route(.propfind, "/c/bad/", .respond(status: 500))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["bad", "good", "good/f"])
        #expect(scan.problems.map(\.path.text) == ["bad"])
    }

    @Test("a copy up and down keeps bytes, time and mode on a server that cannot set times")
    func roundTrip() throws {
        let rig = try Rig(quirks: .lighttpd)
        try rig.writeLocal("payload", at: "f.txt")
        let local = try rig.local
        let remote = try rig.remote
        let source = try #require(try local.entry(at: path("f.txt")))
        let up = try remote.copyFile(try path("f.txt"), from: local, expected: source, to: try path("g.txt"))
        try remote.flush()  // the times and modes reach the server by the flush at the latest
        #expect(rig.remoteText("g.txt") == "payload")
        #expect(up.modificationNanoseconds == source.modificationNanoseconds && up.permissions == 0o640)
        // A new opener (another run) reads the time and mode back from the side's metadata.
        let again = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        let listed = try #require(try again.scan { _, _ in false }.entries.first { $0.path.text == "g.txt" })
        #expect(listed.modificationNanoseconds == source.modificationNanoseconds && listed.permissions == 0o640)
        #expect(listed.identity == up.identity)
        let down = try local.copyFile(try path("g.txt"), from: again, expected: listed, to: try path("h.txt"))
        #expect(rig.localText("h.txt") == "payload" && down.modificationNanoseconds == source.modificationNanoseconds)
        #expect(!rig.allRemotePaths.contains { $0.contains(StagedCopy.temporaryPrefix) })
    }

    @Test("a file rewritten by another writer reports the server's time, not the recorded one")
    func foreignWrite() throws {
        let rig = try Rig(quirks: .lighttpd)
        try rig.writeLocal("one", at: "f")
        let local = try rig.local
        let remote = try rig.remote
        let source = try #require(try local.entry(at: path("f")))
        let up = try remote.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        rig.server.write(Data("two".utf8), at: "/c/f")
        // Another run (this run answers a file it saw from what it saw: see `seenFileNotAskedAgain`).
        let later = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        let after = try #require(try later.entry(at: path("f")))
        #expect(after.identity != up.identity)
        #expect(after.modificationNanoseconds != source.modificationNanoseconds)
    }

    /// A side that took the lock and scanned `f` (the entry returned), after which another writer
    /// rewrote `f` on the server.
    func seenThenRewritten(_ quirks: WebDAVQuirks) throws -> (Rig, any SyncSideProviding, TreeEntry) {
        let rig = try Rig(quirks: quirks)
        rig.server.write(Data("one".utf8), at: "/c/f")
        let remote = try rig.remote
        _ = try #require(remote as? any SideLocking).lock("p", holder: "h", machine: "m")
        let seen = try #require(try remote.scan { _, _ in false }.entries.first { $0.path.text == "f" })
        rig.server.write(Data("two".utf8), at: "/c/f")
        return (rig, remote, seen)
    }

    @Test(
        "a file seen this run on a server enforcing conditions is answered as seen; a move of it after another writer's change is refused"
    )
    func seenFileNotAskedAgain() throws {
        let (rig, remote, seen) = try seenThenRewritten(.lighttpd)
        rig.transport.reset()
        #expect(try remote.entry(at: path("f")) == seen)
        #expect(rig.transport.requests.isEmpty)
        #expect(throws: TreeError.sourceChanged(try path("f"))) {
            try remote.moveItem(try path("f"), to: try path("g"))
        }
        #expect(rig.remoteText("f") == "two")
        #expect(rig.remoteText("g") == nil)
    }

    @Test(
        "a mode change of a file another writer rewrote since this run saw it is sourceChanged; their version keeps its mode"
    )
    func modeOfForeignVersion() throws {
        let rig = try Rig(quirks: .lighttpd)
        rig.server.write(Data("one".utf8), at: "/c/f")
        let remote = try rig.remote
        _ = try remote.scan { _, _ in false }
        rig.server.write(Data("two".utf8), at: "/c/f")
        #expect(throws: TreeError.sourceChanged(try path("f"))) { try remote.setPermissions(0o600, of: try path("f")) }
        let later = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        #expect(try later.entry(at: path("f"))?.permissions == 0o644)
    }

    @Test(
        "a folder's mode is set without a look at a folder this run made, and a mode it already reads as changes nothing to save"
    )
    func folderModeFromRun() throws {
        let rig = try Rig(quirks: .lighttpd)
        let remote = try rig.remote
        _ = try remote.scan { _, _ in false }
        try remote.makeDirectory(try path("d"))
        try remote.makeDirectory(try path("e"))
        rig.transport.reset()
        try remote.setPermissions(0o755, of: try path("d"))
        try remote.setPermissions(0o700, of: try path("e"))
        #expect(rig.transport.requests.isEmpty, "no look: \(rig.transport.requests.map(\.url))")
        try remote.flush()
        let saved = rig.transport.requests.filter { $0.method == .move }
        #expect(saved.count == 1, "one save, for e's mode")
        let later = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        #expect(try later.entry(at: path("d"))?.permissions == 0o755)
        #expect(try later.entry(at: path("e"))?.permissions == 0o700)
        rig.transport.reset()
        try remote.setPermissions(0o755, of: try path("d"))
        try remote.flush()
        #expect(!rig.transport.requests.contains { $0.method == .put || $0.method == .move }, "nothing to save")
    }

    @Test(
        "a container's document another machine wrote after the lock's listing showed none is read, never taken as absent and written over"
    )
    func documentWrittenSinceListing() throws {
        let rig = try Rig(quirks: .lighttpd)
        let side = try #require(try rig.remote as? WebDAVSide)
        let lock = try side.lock("docs", holder: "laptop pid 1", machine: "laptop")  // its listing: no data.json
        rig.server.write(Data("desk's".utf8), at: "/c/data.json")  // the desk, syncing another pair
        #expect(try side.readDocument(named: "data.json") == Data("desk's".utf8))
        lock.release()
    }

    @Test("a document found missing at the start of a run is looked for again by a later read of the run")
    func missingDocumentLookedForAgain() throws {
        let rig = try Rig(quirks: .lighttpd)
        let side = try #require(try rig.remote as? WebDAVSide)
        #expect(try side.readDocument(named: "data.json") == nil)
        let lock = try side.lock("docs", holder: "laptop pid 1", machine: "laptop")
        rig.server.write(Data("desk's".utf8), at: "/c/data.json")  // the desk, syncing another pair
        #expect(try side.readDocument(named: "data.json") == Data("desk's".utf8), "not written over")
        lock.release()
    }

    @Test("currentEntry looks at the server now where entry answers from the run")
    func currentEntryLooksNow() throws {
        let (rig, remote, seen) = try seenThenRewritten(.lighttpd)
        let current = try #require(remote as? any SideCurrentEntries)
        rig.transport.reset()
        #expect(try current.currentEntry(at: path("f"))?.identity != seen.identity)
        #expect(try current.currentEntry(at: path("g")) == nil)
        #expect(rig.transport.requests.map(\.method) == [.propfind, .propfind])
    }

    @Test("a file seen this run on a server ignoring conditions is looked at again")
    func seenFileAskedAgainWithoutConditions() throws {
        let (_, remote, seen) = try seenThenRewritten(.rclone)
        let now = try #require(try remote.entry(at: path("f")))
        #expect(now.identity != seen.identity)
    }

    @Test("removing or moving a file another writer changed since it was seen is sourceChanged, and keeps it")
    func staleChange() throws {
        for quirks in [WebDAVQuirks(), .rclone] {
            let rig = try Rig(quirks: quirks)
            rig.server.write(Data("one".utf8), at: "/c/f")
            let remote = try rig.remote
            _ = try remote.scan { _, _ in false }
            rig.server.write(Data("two".utf8), at: "/c/f")
            #expect(throws: TreeError.sourceChanged(try path("f"))) { try remote.removeItem(try path("f")) }
            #expect(throws: TreeError.sourceChanged(try path("f"))) {
                try remote.moveItem(try path("f"), to: try path("g"))
            }
            #expect(rig.remoteText("f") == "two" && rig.remoteText("g") == nil)
        }
    }

    @Test("a move never replaces, on a strict server and on one that ignores conditions")
    func moveNeverReplaces() throws {
        for quirks in [WebDAVQuirks(), .rclone] {
            let rig = try Rig(quirks: quirks)
            rig.server.write(Data("a".utf8), at: "/c/a")
            rig.server.write(Data("b".utf8), at: "/c/b")
            let remote = try rig.remote
            #expect(throws: TreeError.alreadyExists(try path("b"))) {
                try remote.moveItem(try path("a"), to: try path("b"))
            }
            #expect(rig.remoteText("a") == "a" && rig.remoteText("b") == "b")
            try remote.moveItem(try path("a"), to: try path("c"))
            #expect(rig.remotePaths == ["b", "c"])
        }
    }

    @Test("a commit onto a name taken since staging is alreadyExists and leaves no temporary file")
    func commitRace() throws {
        for quirks in [WebDAVQuirks(), .rclone] {
            let rig = try Rig(quirks: quirks)
            try rig.writeLocal("mine", at: "f")
            let local = try rig.local
            let remote = try rig.remote
            let staged = try remote.stageCopy(
                of: try path("f"), from: local, expected: try #require(try local.entry(at: path("f"))),
                to: try path("f"))
            rig.server.write(Data("theirs".utf8), at: "/c/f")
            let results = remote.commit([staged])
            #expect(results.count == 1)
            #expect(throws: TreeError.alreadyExists(try path("f"))) { try results[0].get() }
            #expect(rig.remoteText("f") == "theirs")
            #expect(rig.remotePaths == ["f"])
        }
    }

    @Test("an empty folder is removed; one that is not empty is kept")
    func folders() throws {
        let rig = try Rig()
        let remote = try rig.remote
        try remote.makeDirectory(try path("d"))
        #expect(throws: TreeError.alreadyExists(try path("d"))) { try remote.makeDirectory(try path("d")) }
        rig.server.write(Data("x".utf8), at: "/c/d/inside")
        #expect(throws: TreeError.folderNotEmpty(try path("d"))) { try remote.removeEmptyFolder(try path("d")) }
        #expect(rig.remoteText("d/inside") == "x")
        try remote.removeItem(try path("d/inside"))
        try remote.removeEmptyFolder(try path("d"))
        #expect(rig.remotePaths.isEmpty)
    }

    @Test("a read of a file changed since it was listed is sourceChanged; a large one streams in ranges")
    func reads() throws {
        let rig = try Rig()
        let big = Data((0..<(9 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        rig.server.write(big, at: "/c/big")
        let remote = try rig.remote
        let entry = try #require(try remote.entry(at: path("big")))
        var received = Data()
        try remote.read(try path("big"), expected: entry) { received.append($0) }
        #expect(received == big)
        #expect(rig.transport.requests.filter { $0.headers["Range"] != nil }.count == 2)
        rig.server.write(Data("new".utf8), at: "/c/big")
        #expect(throws: TreeError.sourceChanged(try path("big"))) {
            try remote.read(try path("big"), expected: entry) { _ in }
        }
    }

    @Test("documents: none is nil, a write reads back whole, a folder at the name is refused")
    func documents() throws {
        let rig = try Rig()
        let remote = try rig.remote
        #expect(try remote.readDocument(named: "data.json") == nil)
        try remote.writeDocument(Data("one".utf8), named: "data.json")
        try remote.writeDocument(Data("two".utf8), named: "data.json")
        #expect(try remote.readDocument(named: "data.json") == Data("two".utf8))
        rig.server.makeCollection(at: "/c/folder.json")
        #expect(throws: TreeError.self) { try remote.readDocument(named: "folder.json") }
        #expect(throws: TreeError.self) { try remote.writeDocument(Data(), named: "folder.json") }
        #expect(rig.remotePaths == ["data.json", "folder.json"])
    }

    @Test("a document write killed after its upload leaves a temporary file the next write replaces")
    func documentLeftover() throws {
        let rig = try Rig()
        let remote = try rig.remote
        // As if killed: the move and the clean-up after it never reach the server.
        rig.transport.route(.move, "/c/.synccli-tmp-*", .fail(.connectionLost), times: .once)
        rig.transport.route(.delete, "/c/.synccli-tmp-*", .fail(.connectionLost), times: .once)
        #expect(throws: TreeError.self) { try remote.writeDocument(Data("lost".utf8), named: "data.json") }
        #expect(rig.allRemotePaths.count == 1 && rig.allRemotePaths[0].contains(StagedCopy.temporaryPrefix))
        try remote.writeDocument(Data("kept".utf8), named: "data.json")
        #expect(rig.allRemotePaths == ["/c/data.json"])
        #expect(rig.remoteText("data.json") == "kept")
    }

    @Test("capabilities: conditional writes only where the server enforces them; identity is the server's version")
    func capabilities() throws {
        let strict = try Rig()
        #expect(try strict.remote.capabilities.features.contains(.conditionalWrites))
        #expect(strict.transport.requests.isEmpty, "reading capabilities sends nothing")
        let rclone = try Rig(quirks: .rclone)
        let side = try rclone.remote
        try side.makeDirectory(try path("d"))
        #expect(side.capabilities.features.contains(.conditionalWrites), "not probed yet")
        try side.moveItem(try path("d"), to: try path("e"))
        #expect(side.capabilities.features.contains(.conditionalWrites) == false, "probed by the move")
        #expect(try Rig().remote.capabilities.identity == .serverVersion)
        let rig = try Rig()
        try rig.remote.makeDirectory(try path("d"))
        try rig.remote.moveItem(try path("d"), to: try path("e"))
        #expect(rig.remotePaths == ["e"], "the probe file is removed")
    }

    @Test("a URL with credentials or another scheme is refused at open")
    func openRefusals() throws {
        let sides = try Rig().sides
        #expect(throws: TreeError.self) { try sides.openSide(at: URL(string: "http://u:secret@dav.test/c/")!) }
        #expect(throws: TreeError.self) { try sides.openSide(at: URL(string: "ftp://dav.test/c/")!) }
        #expect(throws: TreeError.self) { try sides.openSide(at: URL(filePath: "/tmp")) }
    }

    @Test("a folder made at the same moment by another request (423 Locked) is alreadyExists, or made on a retry")
    func lockedFolder() throws {
        let rig = try Rig(quirks: .rclone)
        let remote = try rig.remote
        rig.transport.route(
            .mkcol, "/c/t/",
            .handle { _ in
                rig.server.makeCollection(at: "/c/t")  // the other request made it
                return HTTPResponse(status: 423)
            }, times: .count(1))
        #expect(throws: TreeError.alreadyExists(try path("t"))) { try remote.makeDirectory(try path("t")) }
        rig.transport.route(.mkcol, "/c/u/", .respond(status: 423), times: .count(1))
        try remote.makeDirectory(try path("u"))
        #expect(rig.server.isCollection("/c/u"))
    }

    @Test("a folder another request made while its third MKCOL was refused (423 Locked) is alreadyExists")
    func lockedFolderEveryTime() throws {
        let rig = try Rig(quirks: .rclone)
        let remote = try rig.remote
        rig.transport.route(.mkcol, "/c/v/", .respond(status: 423), times: .count(2))
        rig.transport.route(
            .mkcol, "/c/v/",
            .handle { _ in
                rig.server.makeCollection(at: "/c/v")
                return HTTPResponse(status: 423)
            }, times: .count(1))
        #expect(throws: TreeError.alreadyExists(try path("v"))) { try remote.makeDirectory(try path("v")) }
        rig.transport.route(.mkcol, "/c/w/", .respond(status: 423), times: .count(3))
        #expect(throws: TreeError.self) { try remote.makeDirectory(try path("w")) }
        #expect(!rig.server.isCollection("/c/w"), "still locked after three tries, and not there: an error")
    }
}

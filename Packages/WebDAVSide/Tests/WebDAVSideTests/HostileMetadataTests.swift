import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// The side's metadata (each file's time and mode) is read from the server: an answer that is
/// neither the document nor "none yet" (a refusal, a cut connection, a document over its limit)
/// stops the scan with one error, never reads as "no metadata" to be written over later.
@Suite("Hostile answers for the side's metadata")
struct HostileMetadataTests {
    private let document = "/c/" + ReservedNames.sideMetadata

    @Test(
        "an unreadable metadata document stops the scan with one error; a later copy never writes it over",
        arguments: [
            MockAction.respond(status: 500), .fail(.connectionLost),
            .respond(status: 200, body: Data(count: WebDAVSide.listingLimit + 1)),
            // Not a metadata document, or one a newer synccli wrote: read as empty, every file's
            // mode would have become the default and been copied over the other machines' own.
            .respond(status: 200, body: Data("<html>login</html>".utf8)),
            .respond(status: 200, body: Data(#"{"version":2,"files":{},"folders":{}}"#.utf8)),
        ])
    func unreadable(_ answer: MockAction) throws {
        let rig = try Rig(quirks: .lighttpd)
        try rig.writeLocal("payload", at: "f")
        let local = try rig.local
        let source = try #require(try local.entry(at: path("f")))
        let remote = try rig.remote
        _ = try remote.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        try remote.flush()
        let kept = try #require(rig.server.file(at: document))
        rig.transport.route(.get, document, answer)
        let again = try WebDAVSides(transport: rig.transport).openSide(at: rig.remoteRoot)
        do {
            _ = try again.scan { _, _ in false }
            Issue.record("the scan went on without the metadata")
        } catch TreeError.remote(let where_, let message) {
            #expect(where_.text == ReservedNames.sideMetadata)
            #expect(message.contains("metadata"), "\(message)")
        }
        _ = try? again.copyFile(try path("f"), from: local, expected: source, to: try path("g"))
        let after = try #require(rig.server.file(at: document))
        #expect(String(decoding: after, as: UTF8.self).contains("\"f\""))
        #expect(try SideMetadata.decode(after).files["f"] == SideMetadata.decode(kept).files["f"])
    }

    @Test(
        "a page in place of a metadata document the listing does not show (a soft 404) is none: the scan lists as usual"
    )
    func softNotFound() throws {
        let rig = try Rig()
        rig.server.write(Data("x".utf8), at: "/c/f")
        rig.transport.route(.get, document, .respond(status: 200, body: Data("<html>not found</html>".utf8)))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["f"])
    }

    @Test("no metadata yet (404) is an empty one: the scan lists as usual")
    func none() throws {
        let rig = try Rig()
        rig.server.write(Data("x".utf8), at: "/c/f")
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["f"])
        #expect(scan.problems.isEmpty)
    }
}

/// A root listed in this run without a metadata document has none: the entries read after the
/// listing (the container's pair folder, after the lock) cost no `GET` of it.
@Suite("The metadata's absence seen in a listing")
struct MetadataAbsenceTests {
    @Test("a folder's entry after the lock's listing of a root without metadata sends nothing")
    func absentFromListing() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/d")
        let side = try rig.remote
        let lock = try #require(side as? any SideLocking).lock("p", holder: "h", machine: "m")
        rig.transport.reset()
        let entry = try #require(try side.entry(at: path("d")))
        #expect(entry.kind == .directory)
        #expect(entry.permissions == 0o755)
        #expect(rig.transport.requests.isEmpty, "\(rig.transport.requests.map { "\($0.method) \($0.url.path())" })")
        lock.release()
    }

    @Test("a metadata document the listing shows is read: the folder's mode comes from it")
    func presentInListing() throws {
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/d")
        var metadata = SideMetadata()
        metadata.folders["d"] = 0o700
        rig.server.write(metadata.encoded(), at: "/c/" + ReservedNames.sideMetadata)
        let side = try rig.remote
        let lock = try #require(side as? any SideLocking).lock("p", holder: "h", machine: "m")
        rig.transport.reset()
        let entry = try #require(try side.entry(at: path("d")))
        #expect(entry.permissions == 0o700)
        #expect(rig.transport.requests.map(\.method) == [.get])
        lock.release()
    }
}

/// What a run has seen missing is not asked again: the pair folder a first sync finds missing, the
/// side's own names in a folder it has just made, a metadata document the server has none of.
@Suite("Seen missing in this run")
struct SeenMissingTests {
    @Test("a missing root is asked about once; it stays missing until this opener makes it")
    func missingRoot() throws {
        let rig = try Rig()
        let side = try rig.sides.openSide(at: URL(string: "http://dav.test/m/")!)
        #expect(throws: TreeError.self) { try side.scan { _, _ in false } }
        rig.transport.reset()
        #expect(throws: TreeError.rootUnavailable(side.location)) { try side.entry(at: .root) }
        #expect(rig.transport.requests.isEmpty)
        try rig.sides.openSide(at: URL(string: "http://dav.test/")!).makeDirectory(path("m"))
        #expect(try side.entry(at: .root)?.kind == .directory)
    }

    @Test("a folder just made holds none of the side's own names: the root marker is written without a look")
    func madeFolderHoldsNoOwnNames() throws {
        let rig = try Rig()
        try rig.sides.openSide(at: URL(string: "http://dav.test/")!).makeDirectory(path("m"))
        let side = try rig.sides.openSide(at: URL(string: "http://dav.test/m/")!)
        rig.transport.reset()
        try side.writeDocument(Data("marker".utf8), named: ReservedNames.rootMarker)
        #expect(rig.transport.requests.map(\.method) == [.put, .move])
        #expect(try side.entry(at: path(ReservedNames.trashFolder)) == nil)
        #expect(rig.transport.requests.count == 2, "the trash's absence is known too")
        #expect(rig.server.file(at: "/m/" + ReservedNames.rootMarker) == Data("marker".utf8))
    }

    @Test("no metadata beside a missing root (404s): kept as none, the first save after making the root sends no look")
    func noMetadataSavedWithoutLook() throws {
        let rig = try Rig(quirks: .lighttpd)
        try rig.writeLocal("payload", at: "f")
        let local = try rig.local
        let source = try #require(try local.entry(at: path("f")))
        let remote = try rig.sides.openSide(at: URL(string: "http://dav.test/m/")!)
        #expect(throws: TreeError.self) { try remote.scan { _, _ in false } }
        try rig.sides.openSide(at: URL(string: "http://dav.test/")!).makeDirectory(path("m"))
        _ = try remote.copyFile(try path("f"), from: local, expected: source, to: try path("f"))
        try remote.flush()
        let metadata = "/m/" + ReservedNames.sideMetadata
        let asked = rig.transport.requests.filter { $0.url.path() == metadata }.map(\.method)
        #expect(asked == [.get], "one GET, beside the scan")
        #expect(rig.server.file(at: metadata) != nil)
    }
}

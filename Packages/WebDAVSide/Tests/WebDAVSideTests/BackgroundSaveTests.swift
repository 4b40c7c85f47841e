import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing

@testable import WebDAVSide

/// A transport in front of a rig's that holds the side's metadata `MOVE` (a save's last request)
/// until a request `lets` names goes out, or at most `hold` seconds after the hold began, and logs
/// both: a save that the other request waits for is logged first whatever the machine's speed; a
/// request that did not wait is logged first (it lets the held save go).
final class HoldingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let lets: @Sendable (HTTPRequest) -> String?
    private let held: HeldRequests
    private let entries = Mutex<[String]>([])

    init(_ base: any HTTPTransport, hold: Double = 2, lets: @escaping @Sendable (HTTPRequest) -> String?) {
        self.base = base
        self.lets = lets
        held = HeldRequests(guardAfter: hold)
    }

    var log: [String] { entries.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if request.method == .move, request.headers["Destination"]?.hasSuffix(ReservedNames.sideMetadata) == true {
            await held.wait()
            let response = try await base.send(request)
            entries.withLock { $0.append("metadata saved") }
            return response
        }
        if let name = lets(request) {
            entries.withLock { $0.append(name) }
            held.open()
        }
        return try await base.send(request)
    }
}

@Suite("A commit's save of the side's metadata, which goes on after the commit returns")
struct BackgroundSaveTests {
    /// A side on `rig`'s server through a holding transport, and that transport.
    func side(_ rig: Rig, lets: @escaping @Sendable (HTTPRequest) -> String?) throws
        -> (any SyncSideProviding, HoldingTransport)
    {
        let holding = HoldingTransport(rig.transport, lets: lets)
        return (try WebDAVSides(transport: holding).openSide(at: rig.remoteRoot), holding)
    }

    /// Copies the local file `name` to the same name on `remote`.
    func copy(_ name: String, _ rig: Rig, to remote: any SyncSideProviding) throws {
        try rig.writeLocal("payload", at: name)
        let local = try rig.local
        let source = try #require(try local.entry(at: path(name)))
        _ = try remote.copyFile(try path(name), from: local, expected: source, to: try path(name))
    }

    func metadata(_ rig: Rig) -> String {
        String(decoding: rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data(), as: UTF8.self)
    }

    @Test("the lock's release waits for the save: nothing of the run is written once another machine may lock")
    func releaseWaits() throws {
        let rig = try Rig(quirks: .lighttpd)
        let (remote, holding) = try side(rig) { $0.method == .delete ? "lock released" : nil }
        let held = try #require(remote as? any SideLocking).lock("docs", holder: "laptop pid 1", machine: "laptop")
        try copy("f", rig, to: remote)
        held.release()
        #expect(holding.log == ["metadata saved", "lock released"])
        #expect(metadata(rig).contains("\"f\""))
    }

    @Test("a document placed at the root (its marker) goes after the save: no marker shows a sync before its times")
    func documentAfterSave() throws {
        let rig = try Rig(quirks: .lighttpd)
        let (remote, holding) = try side(rig) {
            $0.method == .move && $0.headers["Destination"]?.hasSuffix(ReservedNames.rootMarker) == true
                ? "marker placed" : nil
        }
        try copy("f", rig, to: remote)
        try remote.writeDocument(Data("marker".utf8), named: ReservedNames.rootMarker)
        #expect(holding.log == ["metadata saved", "marker placed"])
        #expect(metadata(rig).contains("\"f\""))
    }

    @Test("a flush waits for the save")
    func flushWaits() async throws {
        let rig = try Rig(quirks: .lighttpd)
        let (remote, holding) = try side(rig) { $0.method == .options ? "after the flush" : nil }
        try copy("f", rig, to: remote)
        try remote.flush()
        // A request that lets a held save go, sent only once the flush has returned.
        _ = try? await holding.send(HTTPRequest(.options, rig.remoteRoot))
        #expect(holding.log == ["metadata saved", "after the flush"])
        #expect(metadata(rig).contains("\"f\""))
        #expect(!rig.allRemotePaths.contains { $0.contains(StagedCopy.temporaryPrefix) })
    }
}

import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import WebDAVSide

/// Answers to single requests that a hostile or confused server could give: each is an error
/// about that entry, never "nothing is there", never unbounded.
@Suite("Hostile answers")
struct HostileAnswerTests {
    @Test("a 207 to a look at one entry that does not name it is an error, never 'nothing is there'")
    func lookWithoutTheEntry() throws {
        let rig = try Rig()
        rig.server.write(Data("x".utf8), at: "/c/f")
        rig.server.write(Data("{}".utf8), at: "/c/data.json")
        rig.transport.route(.propfind, "/c/f", Hostile.listing([Hostile.response("/c/other")]))
        rig.transport.route(.propfind, "/c/data.json", Hostile.listing([]))
        let remote = try rig.remote
        #expect(throws: TreeError.self) { try remote.entry(at: path("f")) }
        #expect(throws: TreeError.self) { try remote.readDocument(named: "data.json") }
        #expect(rig.remoteText("f") == "x")
    }

    @Test("a GET with more bytes than the size listed is sourceChanged; nothing reaches the caller")
    func moreBytesThanListed() throws {
        let rig = try Rig()
        rig.server.write(Data("0123456789".utf8), at: "/c/f")
        let remote = try rig.remote
        let entry = try #require(try remote.entry(at: path("f")))
        rig.transport.route(.get, "/c/f", .respond(status: 200, body: Data(count: 4096)))
        var received = 0
        #expect(throws: TreeError.sourceChanged(try path("f"))) {
            try remote.read(try path("f"), expected: entry) { received += $0.count }
        }
        #expect(received == 0)
    }

    @Test("a GET whose body passes the range asked for stops at the transport's limit with an error")
    func endlessRange() throws {
        let rig = try Rig()
        rig.server.write(Data("0123456789".utf8), at: "/c/f")
        let remote = try rig.remote
        let entry = try #require(try remote.entry(at: path("f")))
        rig.transport.route(.get, "/c/f", .respond(status: 200, body: Data(count: Int(WebDAVSide.rangeSize) + 2)))
        #expect(throws: TreeError.self) { try remote.read(try path("f"), expected: entry) { _ in } }
        let limits = rig.transport.requests.filter { $0.method == .get && $0.url.path() == "/c/f" }.map(\.destination)
        #expect(limits.count == 1)
        #expect(limits.allSatisfy { $0 == .memory(limit: Int(WebDAVSide.rangeSize) + 1) })
    }

    @Test("a document over its limit is refused with one error, never read whole")
    func documentTooLarge() throws {
        let rig = try Rig()
        rig.server.write(Data("{}".utf8), at: "/c/data.json")
        rig.transport.route(
            .get, "/c/data.json", .respond(status: 200, body: Data(count: WebDAVSide.documentLimit + 1)))
        do {
            _ = try rig.remote.readDocument(named: "data.json")
            Issue.record("an oversized document was read")
        } catch TreeError.remote(_, let message) {
            #expect(message.contains("larger than"), "\(message)")
        }
    }

    @Test("a redirect or a 200 where a listing is expected is an error naming it, never an empty listing")
    func redirectAndPlainOK() throws {
        for action in [
            MockAction.respond(status: 301, headers: ["Location": "http://evil.test/c/"]),
            .respond(status: 200, body: Hostile.body([Hostile.response("/c/", collection: true)])),
            .respond(status: 207, headers: ["Content-Type": "text/html"], body: Data("<html>hi</html>".utf8)),
        ] {
            let rig = try Rig()
            rig.transport.route(.propfind, "/c/", action)
            #expect(throws: TreeError.self) { try rig.remote.scan { _, _ in false } }
            #expect(!rig.transport.requests.contains { $0.url.host() == "evil.test" })
        }
        let rig = try Rig()
        rig.server.makeCollection(at: "/c/sub")
        rig.transport.route(.propfind, "/c/sub/", .respond(status: 302, headers: ["Location": "http://evil.test/"]))
        let scan = try rig.remote.scan { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["sub"])
        #expect(scan.problems.map(\.path.text) == ["sub"])
    }

    @Test("a live lock whose GET is refused (500) is an error, never taken over as if nothing were there")
    func lockUnreadable() throws {
        let (rig, laptop, desk, _) = try LockTests().machines([])
        let held = try laptop.lock("docs", holder: "laptop pid 1", machine: "laptop")
        rig.transport.route(.get, "/c/.synccli-lock-docs", .respond(status: 500))
        #expect(throws: (any Error).self) { try desk.lock("docs", holder: "desk pid 2", machine: "desk") }
        #expect(rig.remoteText(".synccli-lock-docs")?.contains("laptop pid 1") == true)
        held.release()
    }

    @Test("a 206 naming another range than the one asked for is an error; the bytes after it never reach the caller")
    func wrongRange() throws {
        let rig = try Rig()
        let big = Data((0..<(9 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        rig.server.write(big, at: "/c/big")
        let remote = try rig.remote
        let entry = try #require(try remote.entry(at: path("big")))
        let server = rig.server
        rig.transport.route(
            .get, "/c/big",
            .handle { request in
                var answer = server.respond(to: request, body: Data())
                if request.headers["Range"]?.hasPrefix("bytes=0-") == false {
                    // A confused cache: the first bytes again, labelled as what they are.
                    var first = request
                    first.headers["Range"] = "bytes=0-\(answer.body.count - 1)"
                    answer = server.respond(to: first, body: Data())
                }
                return answer
            })
        var received = 0
        #expect(throws: TreeError.self) { try remote.read(try path("big"), expected: entry) { received += $0.count } }
        #expect(received == Int(WebDAVSide.rangeSize))
    }

    @Test("a copy the server holds at another length once it is in place is not recorded as copied")
    func placedAtAnotherLength() throws {
        let rig = try Rig(quirks: .lighttpd)  // enforces conditions: the first look at g is the commit's
        try rig.writeLocal("payload", at: "g")
        let local = try rig.local
        let source = try #require(try local.entry(at: path("g")))
        let remote = try rig.remote
        // Another upload's bytes under this copy's temporary name (or a server that cut it short).
        rig.transport.route(
            .propfind, "/c/g", Hostile.listing([Hostile.response("/c/g", size: "3", etag: "\"other\"")]),
            times: .count(1))
        #expect(throws: TreeError.self) {
            _ = try remote.copyFile(try path("g"), from: local, expected: source, to: try path("g"))
        }
        let metadata = rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data()
        #expect(!String(decoding: metadata, as: UTF8.self).contains("\"g\""), "no time or mode recorded for it")
    }

    @Test("the temporary names of one opener's uploads count up: none repeats until four billion were taken")
    func uploadNamesDiffer() throws {
        let registry = SideRegistry()
        let first = registry.nextUploadNumber()
        let next = (0..<1_000).map { _ in registry.nextUploadNumber() }
        #expect(next == (1...1_000).map { first &+ UInt32($0) })
    }

    @Test(
        "a commit whose answer was lost is looked at: made, it is recorded as copied; not made, it fails",
        arguments: [true, false])
    func commitAnswerLost(made: Bool) throws {
        let rig = try Rig(quirks: .lighttpd)
        try rig.writeLocal("payload", at: "g")
        let local = try rig.local
        let source = try #require(try local.entry(at: path("g")))
        let remote = try rig.remote
        let server = rig.server
        rig.transport.route(
            .move, "/c/.synccli-tmp-*",
            .handle { request in
                if made { _ = server.respond(to: request, body: Data()) }
                throw HTTPTransportError(.connectionLost, request, "the answer was lost")
            }, times: .count(1))
        let copied = Result { try remote.copyFile(try path("g"), from: local, expected: source, to: try path("g")) }
        try remote.flush()
        let metadata = String(
            decoding: rig.server.file(at: "/c/" + ReservedNames.sideMetadata) ?? Data(), as: UTF8.self)
        if made {
            #expect(throws: Never.self) { try copied.get() }
            #expect(rig.server.file(at: "/c/g") == Data("payload".utf8))
            #expect(metadata.contains("\"g\""), "its time and mode recorded")
        } else {
            #expect(throws: TreeError.self) { try copied.get() }
            #expect(rig.server.file(at: "/c/g") == nil)
            #expect(!metadata.contains("\"g\""))
        }
    }
}

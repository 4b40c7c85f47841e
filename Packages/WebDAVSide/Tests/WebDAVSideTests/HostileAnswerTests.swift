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
}

import Foundation
import InMemorySupport
import NetworkContract
import NetworkInterface
import NetworkMock
import Testing

/// One server behaviour: the Mock's quirk switches and the traits the contract holds it to.
struct ServerProfile: Sendable, CustomStringConvertible {
    let description: String
    let quirks: WebDAVQuirks
    let traits: WebDAVServerTraits

    static let strict = ServerProfile(description: "strict", quirks: [], traits: WebDAVServerTraits())
    static let lighttpd = ServerProfile(description: "as lighttpd", quirks: .lighttpd, traits: .lighttpd)
    static let rclone = ServerProfile(description: "as rclone", quirks: .rclone, traits: .rclone)
    static let unstableETags: ServerProfile = {
        var traits = WebDAVServerTraits()
        traits.stableETags = false
        return ServerProfile(
            description: "with ETags that change on their own", quirks: .changesETagsOnItsOwn, traits: traits)
    }()

    static let all = [strict, lighttpd, rclone, unstableETags]
}

/// Builds a contract fixture on a fresh world and server.
func mockFixture(quirks: WebDAVQuirks, traits: WebDAVServerTraits) throws -> NetworkContractFixture {
    let world = MockWorld()
    let server = InMemoryWebDAVServer(quirks: quirks)
    server.makeCollection(at: "/case")
    let local = URL(filePath: "/local", directoryHint: .isDirectory)
    try world.withTree { try $0.makeDirectory(at: PathKey(local)) }
    return NetworkContractFixture(
        transport: MockHTTPTransport(world: world, server: server),
        base: URL(string: "http://dav.test/case/")!, traits: traits, localFolder: local,
        writeLocalFile: { url, data in try world.withTree { try $0.writeFile(data, at: PathKey(url)) } },
        readLocalFile: { url in try world.withTree { try $0.readFile(at: PathKey(url)) } },
        listLocalFolder: { url in
            try world.withTree { try $0.childNames(of: PathKey(url)) }.map { String(decoding: $0, as: UTF8.self) }
        })
}

@Suite("The in-memory WebDAV server passes the network contract, strict and with each real server's quirks")
struct MockWebDAVContractTests {
    @Test("contract case", arguments: NetworkContract.cases, ServerProfile.all)
    func contract(_ check: NetworkContractCase, profile: ServerProfile) async throws {
        try await check.verify(mockFixture(quirks: profile.quirks, traits: profile.traits))
    }
}

/// Each quirk switch changes what the contract sees: a server with the quirk fails the cases that
/// expect a strict server, which proves the switch reproduces the real server's difference.
@Suite("Each quirk switch makes the strict contract fail exactly where the real server differs")
struct QuirkSwitchTests {
    @Test(
        "a quirk fails the case it concerns when the contract expects a strict server",
        arguments: [
            (
                WebDAVQuirks.ignoresConditionalHeaders,
                "a PUT with a stale If-Match answers 412, or writes where the server ignores conditions"
            ),
            (
                .ignoresConditionalHeaders,
                "a PUT with If-None-Match * onto an existing file answers 412, or writes where ignored"
            ),
            (
                .ignoresConditionalHeaders,
                "a DELETE with a stale If-Match answers 412, or deletes where the server ignores conditions"
            ),
            (
                .overwriteDefaultsToF,
                "MOVE without Overwrite replaces (RFC) or answers 412 where the server defaults to F"
            ),
            (
                .refusesDepthInfinity,
                "PROPFIND Depth infinity lists the whole tree, or answers 403 where the server refuses it"
            ),
            (.changesETagsOnItsOwn, "a GET answers an ETag that changes when the file does"),
            (.changesETagsOnItsOwn, "a PUT with the current ETag in If-Match succeeds"),
            (.ignoresModificationTime, "X-OC-Mtime sets the modification time only where the server sets mtimes"),
            (
                .acceptsExistingCollection,
                "MKCOL creates a collection; MKCOL again answers 405, or 201 where the server accepts it"
            ),
        ])
    func quirkFails(quirk: WebDAVQuirks, caseName: String) async throws {
        let check = try #require(NetworkContract.cases.first { $0.name == caseName })
        await #expect(throws: ContractViolation.self) {
            try await check.verify(mockFixture(quirks: quirk, traits: WebDAVServerTraits()))
        }
    }

    @Test("the lighttpd and rclone presets differ from each other where the real servers do")
    func presetsDiffer() async throws {
        let check = try #require(NetworkContract.cases.first { $0.name.hasPrefix("a PUT with a stale If-Match") })
        await #expect(throws: ContractViolation.self) {
            try await check.verify(mockFixture(quirks: .rclone, traits: .lighttpd))
        }
        await #expect(throws: ContractViolation.self) {
            try await check.verify(mockFixture(quirks: .lighttpd, traits: .rclone))
        }
    }
}

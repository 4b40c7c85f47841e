import Foundation
import NetworkContract
import NetworkInterface
import NetworkLive
import Testing

/// A fresh collection on `server` and a fresh local folder, for one contract case.
func liveFixture(_ server: LocalServer, traits: WebDAVServerTraits) async throws -> NetworkContractFixture {
    let transport = URLSessionTransport.shared
    let base = server.base.appending(path: "case-\(UUID().uuidString)/", directoryHint: .isDirectory)
    let made = try await transport.send(HTTPRequest(.mkcol, base))
    guard made.status == 201 else { throw LocalServer.NotStarted(description: "MKCOL of the case folder answered \(made.status)") }
    let local = try makeTemporaryFolder("contract")
    return NetworkContractFixture(
        transport: transport, base: base, traits: traits, localFolder: local,
        writeLocalFile: { url, data in try data.write(to: url) },
        readLocalFile: { url in try Data(contentsOf: url) },
        listLocalFolder: { url in try FileManager.default.contentsOfDirectory(atPath: url.path) })
}

@Suite("URLSessionTransport passes the network contract against lighttpd mod_webdav on 127.0.0.1",
       .enabled(if: LocalServer.Kind.lighttpd.shouldRun), .server(.lighttpd))
struct LighttpdContractTests {
    @Test("contract case", arguments: NetworkContract.cases)
    func contract(_ check: NetworkContractCase) async throws {
        let fixture = try await liveFixture(try LocalServer.require(), traits: .lighttpd)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        try await check.verify(fixture)
    }
}

@Suite("URLSessionTransport passes the network contract against rclone serve webdav on 127.0.0.1",
       .enabled(if: LocalServer.Kind.rclone.shouldRun), .server(.rclone))
struct RcloneContractTests {
    @Test("contract case", arguments: NetworkContract.cases)
    func contract(_ check: NetworkContractCase) async throws {
        let fixture = try await liveFixture(try LocalServer.require(), traits: .rclone)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        try await check.verify(fixture)
    }
}

@Suite("The real servers differ from each other where the traits say", .enabled(if: LocalServer.Kind.rclone.shouldRun), .server(.rclone))
struct ServerDifferenceTests {
    @Test("rclone fails the cases that expect lighttpd's strict conditions, so the traits are not vacuous")
    func rcloneIsNotStrict() async throws {
        let check = try #require(NetworkContract.cases.first { $0.name.hasPrefix("a PUT with a stale If-Match") })
        let fixture = try await liveFixture(try LocalServer.require(), traits: .lighttpd)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        await #expect(throws: ContractViolation.self) { try await check.verify(fixture) }
    }
}

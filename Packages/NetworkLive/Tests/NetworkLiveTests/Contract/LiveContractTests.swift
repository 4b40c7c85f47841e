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
    guard made.status == 201 else {
        throw LocalServer.NotStarted(description: "MKCOL of the case folder answered \(made.status)")
    }
    let local = try makeTemporaryFolder("contract")
    return NetworkContractFixture(
        transport: transport, base: base, traits: traits, localFolder: local,
        writeLocalFile: { url, data in try data.write(to: url) },
        readLocalFile: { url in try Data(contentsOf: url) },
        listLocalFolder: { url in try FileManager.default.contentsOfDirectory(atPath: url.path) })
}

/// One transport with 64 KiB ranges, so a 1 MiB download takes 16 of them.
let smallRanges: URLSessionTransport = {
    var configuration = TransportConfiguration()
    configuration.downloadRangeSize = 64 << 10
    return URLSessionTransport(configuration: configuration)
}()

/// Uploads 1 MiB plus a few bytes and downloads it in ranges; fails unless it arrives whole.
func rangedRoundTrip(_ server: LocalServer) async throws {
    let fixture = try await liveFixture(server, traits: .lighttpd)
    defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
    let data = Data((0..<((1 << 20) + 123)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
    let url = fixture.base.appending(path: "ranged.bin")
    #expect(try await smallRanges.send(HTTPRequest(.put, url, body: .bytes(data))).status == 201)
    let target = fixture.localFolder.appending(path: "copy.bin")
    let response = try await smallRanges.send(HTTPRequest(.get, url, destination: .file(target)))
    #expect(response.status == 200 && response.byteCount == Int64(data.count))
    #expect(response.headers["Content-Length"] == String(data.count) && response.headers["Content-Range"] == nil)
    #expect(try Data(contentsOf: target) == data)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.localFolder.path) == ["copy.bin"])
    let empty = fixture.base.appending(path: "empty")
    #expect(try await smallRanges.send(HTTPRequest(.put, empty, body: .bytes(Data()))).status == 201)
    let emptyCopy = fixture.localFolder.appending(path: "empty")
    #expect(try await smallRanges.send(HTTPRequest(.get, empty, destination: .file(emptyCopy))).status == 200)
    #expect(try Data(contentsOf: emptyCopy).isEmpty)
}

/// Uploads a file over the size that goes straight through libcurl, with the conditions a sync
/// sends: it arrives whole; where the server enforces conditions, a second create and a write
/// over a version it does not hold are refused (412) and leave the first version.
func largeConditionalUpload(_ server: LocalServer, traits: WebDAVServerTraits) async throws {
    let fixture = try await liveFixture(server, traits: traits)
    defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
    let data = Data((0..<((9 << 20) + 77)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 16)) })
    let file = fixture.localFolder.appending(path: "large.bin")
    try data.write(to: file)
    let url = fixture.base.appending(path: "large.bin")
    let transport = URLSessionTransport.shared
    let created = try await transport.send(HTTPRequest(.put, url, headers: ["If-None-Match": "*"], body: .file(file)))
    #expect(created.status == 201)
    let again = try await transport.send(HTTPRequest(.put, url, headers: ["If-None-Match": "*"], body: .file(file)))
    let stale = try await transport.send(HTTPRequest(.put, url, headers: ["If-Match": "\"stale\""], body: .file(file)))
    if traits.enforcesConditions { #expect(again.status == 412 && stale.status == 412) }
    let copy = fixture.localFolder.appending(path: "copy.bin")
    #expect(try await transport.send(HTTPRequest(.get, url, destination: .file(copy))).status == 200)
    #expect(try Data(contentsOf: copy) == data)
}

@Suite(
    "URLSessionTransport passes the network contract against lighttpd mod_webdav on 127.0.0.1",
    .enabled(if: LocalServer.Kind.lighttpd.shouldRun), .server(.lighttpd))
struct LighttpdContractTests {
    @Test("contract case", arguments: NetworkContract.cases)
    func contract(_ check: NetworkContractCase) async throws {
        let fixture = try await liveFixture(try LocalServer.require(), traits: .lighttpd)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        try await check.verify(fixture)
    }

    @Test("a download larger than the range size arrives whole, and an empty file too")
    func ranged() async throws {
        try await rangedRoundTrip(try LocalServer.require())
    }

    @Test("a 9 MiB upload arrives whole; conditions on it are enforced")
    func largeUpload() async throws {
        try await largeConditionalUpload(try LocalServer.require(), traits: .lighttpd)
    }
}

@Suite(
    "URLSessionTransport passes the network contract against rclone serve webdav on 127.0.0.1",
    .enabled(if: LocalServer.Kind.rclone.shouldRun), .server(.rclone))
struct RcloneContractTests {
    @Test("contract case", arguments: NetworkContract.cases)
    func contract(_ check: NetworkContractCase) async throws {
        let fixture = try await liveFixture(try LocalServer.require(), traits: .rclone)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        try await check.verify(fixture)
    }

    @Test("a download larger than the range size arrives whole, and an empty file too")
    func ranged() async throws {
        try await rangedRoundTrip(try LocalServer.require())
    }

    @Test("a 9 MiB upload arrives whole (rclone does not enforce conditions, on large bodies as on small)")
    func largeUpload() async throws {
        try await largeConditionalUpload(try LocalServer.require(), traits: .rclone)
    }
}

@Suite(
    "The real servers differ from each other where the traits say", .enabled(if: LocalServer.Kind.rclone.shouldRun),
    .server(.rclone))
struct ServerDifferenceTests {
    @Test("rclone fails the cases that expect lighttpd's strict conditions, so the traits are not vacuous")
    func rcloneIsNotStrict() async throws {
        let check = try #require(NetworkContract.cases.first { $0.name.hasPrefix("a PUT with a stale If-Match") })
        let fixture = try await liveFixture(try LocalServer.require(), traits: .lighttpd)
        defer { try? FileManager.default.removeItem(at: fixture.localFolder) }
        await #expect(throws: ContractViolation.self) { try await check.verify(fixture) }
    }
}

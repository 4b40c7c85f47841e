import Foundation
import NetworkInterface

/// The behaviour every ``HTTPTransport`` shares when a WebDAV server answers it, written once.
///
/// The Mock package runs these cases against its in-memory WebDAV server, with quirk switches set
/// to each real server's behaviour; the Live package runs them against lighttpd `mod_webdav` and
/// `rclone serve webdav` on 127.0.0.1. Where servers differ, a case reads the fixture's
/// ``WebDAVServerTraits`` and holds each server to its own behaviour.
public enum NetworkContract {
    /// Every case of the contract.
    public static let cases: [NetworkContractCase] = transferCases + collectionCases + conditionCases

    /// Bodies to memory and to files, statuses as data, limits.
    static let transferCases: [NetworkContractCase] = [
        NetworkContractCase(name: "a PUT then a GET returns the same bytes and a Content-Length", check: roundTrip),
        NetworkContractCase(name: "a GET of a missing resource answers 404 and does not throw", check: missingIsStatus),
        NetworkContractCase(name: "a replacing PUT answers 2xx and the new bytes are read back", check: replace),
        NetworkContractCase(name: "an empty body is written and read back empty", check: emptyBody),
        NetworkContractCase(
            name: "a file body streams up and a file destination receives it whole", check: fileRoundTrip),
        NetworkContractCase(name: "a body over the memory limit is responseTooLarge", check: tooLarge),
        NetworkContractCase(name: "a 404 into a file destination leaves no file", check: missingIntoFile),
        NetworkContractCase(name: "HEAD answers the length and no body", check: head),
        NetworkContractCase(
            name: "names with spaces and non-ASCII letters round-trip percent-encoded", check: encodedNames),
    ]

    static func roundTrip(_ f: NetworkContractFixture) async throws {
        let data = pattern(300_000)
        try requireStatus(try await f.put("data.bin", data), [201], "PUT of a new file")
        let response = try await f.send(.get, "data.bin")
        try requireStatus(response, [200], "GET after PUT")
        try require(response.body == data, "GET returned \(response.body.count) other bytes")
        try require(response.byteCount == Int64(data.count), "byteCount \(response.byteCount), sent \(data.count)")
        try require(
            response.headers["content-length"] == String(data.count),
            "Content-Length \(response.headers["Content-Length"] ?? "none"), sent \(data.count)")
    }

    static func missingIsStatus(_ f: NetworkContractFixture) async throws {
        try requireStatus(try await f.send(.get, "absent"), [404], "GET of a missing file")
        try requireStatus(try await f.send(.delete, "absent"), [404], "DELETE of a missing file")
    }

    static func replace(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", pattern(10_000))
        try requireStatus(try await f.put("doc", Data("short".utf8)), written, "replacing PUT")
        try require(try await f.contents("doc") == Data("short".utf8), "a replacing PUT kept old bytes")
    }

    static func emptyBody(_ f: NetworkContractFixture) async throws {
        try await f.create("empty", Data())
        let response = try await f.send(.get, "empty")
        try requireStatus(response, [200], "GET of an empty file")
        try require(response.body.isEmpty, "an empty file read back \(response.body.count) bytes")
    }

    static func fileRoundTrip(_ f: NetworkContractFixture) async throws {
        let data = pattern(3 << 20, seed: 3)
        let source = f.localFolder.appending(path: "up.bin")
        let target = f.localFolder.appending(path: "down.bin")
        try f.writeLocalFile(source, data)
        try requireStatus(try await f.send(.put, "big.bin", body: .file(source)), [201], "PUT from a file")
        let response = try await f.send(.get, "big.bin", destination: .file(target))
        try requireStatus(response, [200], "GET into a file")
        try require(
            response.file == target, "the response names \(String(describing: response.file)), not the destination")
        try require(response.body.isEmpty, "a file destination also filled the body with \(response.body.count) bytes")
        try require(response.byteCount == Int64(data.count), "byteCount \(response.byteCount), sent \(data.count)")
        try require(try f.readLocalFile(target) == data, "the destination file holds other bytes")
        let left = try f.listLocalFolder(f.localFolder).sorted()
        try require(left == ["down.bin", "up.bin"], "the local folder holds \(left)")
    }

    static func tooLarge(_ f: NetworkContractFixture) async throws {
        try await f.create("large", pattern(64 << 10))
        try await requireTransportError(.responseTooLarge, "GET of 64 KiB with a 1 KiB limit") {
            try await f.send(.get, "large", destination: .memory(limit: 1024))
        }
        let exact = try await f.send(.get, "large", destination: .memory(limit: 64 << 10))
        try require(
            exact.body.count == 64 << 10, "a body exactly at the limit came back with \(exact.body.count) bytes")
    }

    static func missingIntoFile(_ f: NetworkContractFixture) async throws {
        let target = f.localFolder.appending(path: "never")
        try requireStatus(try await f.send(.get, "absent", destination: .file(target)), [404], "GET of a missing file")
        let left = try f.listLocalFolder(f.localFolder)
        try require(left.isEmpty, "a 404 left \(left) in the local folder")
    }

    static func head(_ f: NetworkContractFixture) async throws {
        try await f.create("sized", pattern(4321))
        let response = try await f.send(.head, "sized")
        try requireStatus(response, [200], "HEAD")
        try require(response.body.isEmpty, "HEAD returned \(response.body.count) body bytes")
        try require(
            response.headers["Content-Length"] == "4321",
            "HEAD Content-Length \(response.headers["Content-Length"] ?? "none")")
    }

    static func encodedNames(_ f: NetworkContractFixture) async throws {
        let path = "two%20words%20caf%C3%A9.txt"
        try await f.create(path, Data("named".utf8))
        try require(try await f.contents(path) == Data("named".utf8), "the encoded name read back other bytes")
        let listed = try await f.listing("", depth: "1")
        try require(
            listed.contains { $0.removingPercentEncoding == f.hrefPath(path).removingPercentEncoding },
            "the listing \(listed) does not name \(f.hrefPath(path))")
    }
}

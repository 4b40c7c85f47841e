import Foundation
import NetworkInterface

extension NetworkContract {
    /// ETags, conditional writes and modification times.
    static let conditionCases: [NetworkContractCase] = [
        NetworkContractCase(name: "a GET answers an ETag that changes when the file does", check: etagChanges),
        NetworkContractCase(name: "a PUT with the current ETag in If-Match succeeds", check: matchingIfMatch),
        NetworkContractCase(
            name: "a PUT with a stale If-Match answers 412, or writes where the server ignores conditions",
            check: staleIfMatch),
        NetworkContractCase(
            name: "a DELETE with a stale If-Match answers 412, or deletes where the server ignores conditions",
            check: staleIfMatchDelete),
        NetworkContractCase(
            name: "a MOVE with a stale If-Match answers 412 and moves nothing, or moves where conditions are ignored",
            check: staleIfMatchMove),
        NetworkContractCase(
            name: "a PUT with If-None-Match * onto an existing file answers 412, or writes where ignored",
            check: ifNoneMatchExisting),
        NetworkContractCase(
            name: "a PUT with If-None-Match * creates a new file, header names in any case", check: ifNoneMatchNew),
        NetworkContractCase(
            name: "X-OC-Mtime sets the modification time only where the server sets mtimes", check: mtime),
    ]

    static func etagChanges(_ f: NetworkContractFixture) async throws {
        try await f.create("tagged", Data("first".utf8))
        let first = try await f.send(.get, "tagged")
        let tag = try etag(first, "GET")
        if f.traits.stableETags {
            let again = try await f.send(.get, "tagged")
            try require(again.etag == tag, "the ETag changed from \(tag) to \(again.etag ?? "none") without a write")
        }
        try await f.create("tagged", Data("second, longer".utf8))
        let after = try await f.send(.get, "tagged")
        try require(try etag(after, "GET after a write") != tag, "the ETag \(tag) did not change with the file")
    }

    static func matchingIfMatch(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", Data("v1".utf8))
        let tag = try etag(try await f.send(.get, "doc"), "GET")
        let response = try await f.put("doc", Data("v2, longer".utf8), headers: ["If-Match": tag])
        guard f.traits.stableETags else {
            // An ETag that changes on its own makes this write fail spuriously (server #58978).
            return try requireStatus(response, written.union([412]), "PUT with the ETag just read (unstable ETags)")
        }
        try requireStatus(response, written, "PUT with the current ETag")
        try require(try await f.contents("doc") == Data("v2, longer".utf8), "a matching If-Match did not write")
    }

    static func staleIfMatch(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", Data("v1".utf8))
        let response = try await f.put("doc", Data("intruder".utf8), headers: ["If-Match": "\"stale-etag\""])
        try expectCondition(f, response, "PUT with a stale If-Match")
        let now = try await f.contents("doc")
        try require(
            now == Data(f.traits.enforcesConditions ? "v1".utf8 : "intruder".utf8),
            "after a PUT with a stale If-Match the file holds \(now.count) unexpected bytes")
    }

    static func staleIfMatchDelete(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", Data("v1".utf8))
        let response = try await f.send(.delete, "doc", headers: ["If-Match": "\"stale-etag\""])
        try expectCondition(f, response, "DELETE with a stale If-Match")
        let status = try await f.send(.get, "doc").status
        try require(
            status == (f.traits.enforcesConditions ? 200 : 404),
            "after a DELETE with a stale If-Match a GET answers \(status)")
    }

    /// A server side that enforces conditions moves a file it saw into the trash with `If-Match`
    /// and no look first: the `MOVE` must refuse a stale ETag as a `PUT` does.
    static func staleIfMatchMove(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", Data("v1".utf8))
        let response = try await f.send(
            .move, "doc",
            headers: ["Destination": f.url("moved").absoluteString, "Overwrite": "F", "If-Match": "\"stale-etag\""])
        try expectCondition(f, response, "MOVE with a stale If-Match")
        let (source, destination) = (try await f.send(.get, "doc").status, try await f.send(.get, "moved").status)
        try require(
            (source, destination) == (f.traits.enforcesConditions ? (200, 404) : (404, 200)),
            "after a MOVE with a stale If-Match a GET of the file answers \(source), of its destination \(destination)")
    }

    static func ifNoneMatchExisting(_ f: NetworkContractFixture) async throws {
        try await f.create("doc", Data("v1".utf8))
        let response = try await f.put("doc", Data("intruder".utf8), headers: ["If-None-Match": "*"])
        try expectCondition(f, response, "PUT with If-None-Match * onto an existing file")
        let now = try await f.contents("doc")
        try require(
            now == Data(f.traits.enforcesConditions ? "v1".utf8 : "intruder".utf8),
            "after a PUT with If-None-Match * the file holds \(now.count) unexpected bytes")
    }

    static func ifNoneMatchNew(_ f: NetworkContractFixture) async throws {
        try requireStatus(
            try await f.put("fresh", Data("new".utf8), headers: ["if-none-match": "*"]), [201],
            "PUT with if-none-match * onto a new path")
        try require(try await f.contents("fresh") == Data("new".utf8), "the new file holds other bytes")
    }

    static func mtime(_ f: NetworkContractFixture) async throws {
        // 2001-09-09 01:46:40 UTC: a date no file written now can have.
        try await f.create("dated", Data("x".utf8))
        try requireStatus(
            try await f.put("dated", Data("y".utf8), headers: ["X-OC-Mtime": "1000000000"]), written,
            "PUT with X-OC-Mtime")
        let modified = try await f.send(.head, "dated").headers["Last-Modified"] ?? ""
        let kept = modified.contains("2001")
        try require(
            kept == f.traits.setsModificationTime,
            "Last-Modified is \(modified) after X-OC-Mtime 1000000000 (server sets mtimes: \(f.traits.setsModificationTime))"
        )
    }

    /// Checks a conditional request's status: 412 where conditions are enforced, a success where not.
    static func expectCondition(_ f: NetworkContractFixture, _ response: HTTPResponse, _ what: String) throws {
        try requireStatus(response, f.traits.enforcesConditions ? [412] : written, what)
    }

    static func etag(_ response: HTTPResponse, _ what: String) throws -> String {
        try requireStatus(response, [200], what)
        guard let tag = response.etag, !tag.isEmpty else {
            throw ContractViolation(description: "\(what) answered no ETag")
        }
        return tag
    }
}

import Foundation
import NetworkInterface

extension NetworkContract {
    /// MKCOL, PROPFIND, DELETE and MOVE.
    static let collectionCases: [NetworkContractCase] = [
        NetworkContractCase(
            name: "MKCOL creates a collection; MKCOL again answers 405, or 201 where the server accepts it",
            check: mkcol),
        NetworkContractCase(name: "MKCOL below a missing collection answers 409", check: mkcolMissingParent),
        NetworkContractCase(name: "PROPFIND Depth 0 describes the resource alone", check: depthZero),
        NetworkContractCase(
            name: "PROPFIND Depth 1 lists the direct children and not the grandchildren", check: depthOne),
        NetworkContractCase(
            name: "PROPFIND Depth infinity lists the whole tree, or answers 403 where the server refuses it",
            check: depthInfinity),
        NetworkContractCase(name: "PROPFIND of a missing path answers 404", check: propfindMissing),
        NetworkContractCase(name: "DELETE removes a file, and a collection with everything in it", check: delete),
        NetworkContractCase(name: "MOVE to a new name moves the bytes", check: moveNew),
        NetworkContractCase(
            name: "MOVE with Overwrite F onto an existing file answers 412 and changes nothing", check: moveOverwriteF),
        NetworkContractCase(name: "MOVE with Overwrite T replaces the destination", check: moveOverwriteT),
        NetworkContractCase(
            name: "MOVE without Overwrite replaces (RFC) or answers 412 where the server defaults to F",
            check: moveDefault),
    ]

    static func mkcol(_ f: NetworkContractFixture) async throws {
        try await f.makeCollection("folder/")
        try require(try await f.listing("folder/", depth: "0").count == 1, "the new collection does not list")
        let again = try await f.send(.mkcol, "folder/")
        try requireStatus(again, f.traits.refusesExistingCollection ? [405] : [201], "MKCOL on an existing collection")
    }

    static func mkcolMissingParent(_ f: NetworkContractFixture) async throws {
        try requireStatus(try await f.send(.mkcol, "absent/child/"), [409], "MKCOL below a missing collection")
        try require(try await !f.exists("absent/"), "MKCOL below a missing collection created its parent")
    }

    static func depthZero(_ f: NetworkContractFixture) async throws {
        try await f.makeCollection("d/")
        try await f.create("d/file", Data("x".utf8))
        let listed = try await f.listing("d/", depth: "0")
        try require(listed.count == 1, "Depth 0 listed \(listed)")
    }

    static func depthOne(_ f: NetworkContractFixture) async throws {
        try await f.makeCollection("d/")
        try await f.makeCollection("d/sub/")
        try await f.create("d/file", Data("x".utf8))
        try await f.create("d/sub/deep", Data("y".utf8))
        let listed = Set(try await f.listing("d/", depth: "1"))
        let expected: Set = [f.hrefPath("d/"), f.hrefPath("d/sub/"), f.hrefPath("d/file")]
        try require(listed == expected, "Depth 1 listed \(listed.sorted()), expected \(expected.sorted())")
    }

    static func depthInfinity(_ f: NetworkContractFixture) async throws {
        try await f.makeCollection("d/")
        try await f.makeCollection("d/sub/")
        try await f.create("d/sub/deep", Data("y".utf8))
        let response = try await f.send(.propfind, "d/", headers: ["Depth": "infinity"])
        guard f.traits.allowsDepthInfinity else {
            return try requireStatus(response, [403], "PROPFIND Depth infinity on a server that refuses it")
        }
        try requireStatus(response, [207], "PROPFIND Depth infinity")
        let listed = Set(hrefs(in: response.body))
        let expected: Set = [f.hrefPath("d/"), f.hrefPath("d/sub/"), f.hrefPath("d/sub/deep")]
        try require(listed == expected, "Depth infinity listed \(listed.sorted()), expected \(expected.sorted())")
    }

    static func propfindMissing(_ f: NetworkContractFixture) async throws {
        try requireStatus(
            try await f.send(.propfind, "absent/", headers: ["Depth": "1"]), [404], "PROPFIND of a missing path")
    }

    static func delete(_ f: NetworkContractFixture) async throws {
        try await f.create("file", Data("x".utf8))
        try requireStatus(try await f.send(.delete, "file"), [200, 204], "DELETE of a file")
        try requireStatus(try await f.send(.get, "file"), [404], "GET after DELETE")
        try await f.makeCollection("d/")
        try await f.create("d/inner", Data("y".utf8))
        try requireStatus(try await f.send(.delete, "d/"), [200, 204], "DELETE of a collection")
        try requireStatus(try await f.send(.get, "d/inner"), [404], "GET of a file in a deleted collection")
    }

    static func move(_ f: NetworkContractFixture, _ from: String, to: String, overwrite: String?) async throws
        -> HTTPResponse
    {
        var headers: HTTPHeaders = ["Destination": f.url(to).absoluteString]
        if let overwrite { headers["Overwrite"] = overwrite }
        return try await f.send(.move, from, headers: headers)
    }

    static func moveNew(_ f: NetworkContractFixture) async throws {
        try await f.create("from", Data("moved".utf8))
        try requireStatus(try await move(f, "from", to: "to", overwrite: "T"), [201], "MOVE to a new name")
        try require(try await f.contents("to") == Data("moved".utf8), "the moved file holds other bytes")
        try requireStatus(try await f.send(.get, "from"), [404], "GET of the moved file's old name")
    }

    static func moveOverwriteF(_ f: NetworkContractFixture) async throws {
        try await f.create("from", Data("new".utf8))
        try await f.create("to", Data("old".utf8))
        try requireStatus(
            try await move(f, "from", to: "to", overwrite: "F"), [412], "MOVE with Overwrite F onto a file")
        try require(try await f.contents("to") == Data("old".utf8), "Overwrite F replaced the destination")
        try require(try await f.contents("from") == Data("new".utf8), "a refused MOVE lost its source")
    }

    static func moveOverwriteT(_ f: NetworkContractFixture) async throws {
        try await f.create("from", Data("new".utf8))
        try await f.create("to", Data("old".utf8))
        try requireStatus(
            try await move(f, "from", to: "to", overwrite: "T"), [204], "MOVE with Overwrite T onto a file")
        try require(try await f.contents("to") == Data("new".utf8), "Overwrite T kept the old destination")
        try requireStatus(try await f.send(.get, "from"), [404], "GET of the moved file's old name")
    }

    static func moveDefault(_ f: NetworkContractFixture) async throws {
        try await f.create("from", Data("new".utf8))
        try await f.create("to", Data("old".utf8))
        let response = try await move(f, "from", to: "to", overwrite: nil)
        if f.traits.moveOverwritesByDefault {
            try requireStatus(response, [204], "MOVE without Overwrite onto a file (RFC: T)")
            try require(
                try await f.contents("to") == Data("new".utf8), "MOVE without Overwrite kept the old destination")
        } else {
            try requireStatus(response, [412], "MOVE without Overwrite onto a file (server default F)")
            try require(
                try await f.contents("to") == Data("old".utf8), "MOVE without Overwrite replaced the destination")
        }
    }
}

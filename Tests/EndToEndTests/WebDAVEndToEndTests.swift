import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// One scenario over a real WebDAV server: two simulated machines (each with its own `docs`
/// folder and state folders), and a server whose `box/` collection is their container. The pair
/// folder lands on the server's disk at ``onServer``.
struct WebDAVScene {
    let world: World
    let server: WebDAVServer
    let alpha: Machine
    let beta: Machine
    let alphaDocs: URL
    let betaDocs: URL

    init(server: WebDAVServer) throws {
        self.server = server
        world = try World()
        alpha = try Machine("alpha", in: world.root)
        beta = try Machine("beta", in: world.root)
        alphaDocs = try alpha.folder("docs")
        betaDocs = try beta.folder("docs")
        try FileManager.default.createDirectory(at: containerOnServer, withIntermediateDirectories: true)
    }

    /// The container as typed: `http://127.0.0.1:<port>/box/`.
    var container: String { server.base.absoluteString + "box/" }
    /// The container's folder on the server's disk.
    var containerOnServer: URL { server.root.appending(path: "box", directoryHint: .isDirectory) }
    /// The pair's folder on the server's disk.
    var onServer: URL { containerOnServer.appending(path: "docs", directoryHint: .isDirectory) }

    func docs(_ machine: Machine) -> URL {
        machine.name == alpha.name ? alphaDocs : betaDocs
    }

    /// `synccli sync <docs> --container <server>` as `machine`, expecting exit `code`.
    @discardableResult
    func sync(
        _ machine: Machine, _ extra: [String] = [], expect code: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLI.Result {
        let result = try CLI.run(["sync", docs(machine).path, "--container", container] + extra, as: machine)
        #expect(
            result.code == code, "\(machine.name): exit \(result.code): \(result.err)\(result.out)",
            sourceLocation: sourceLocation)
        return result
    }
}

/// Runs `body` on a fresh scene with its own `kind` server, stopped afterwards.
func withScene(_ kind: WebDAVServer.Kind, _ body: (WebDAVScene) throws -> Void) throws {
    let server = try WebDAVServer.start(kind)
    defer { server.stop() }
    try body(try WebDAVScene(server: server))
}

/// Runs `body`, which talks to the server itself (``WebDAVScene/send(_:_:body:)``), on a fresh
/// scene with its own `kind` server, stopped afterwards.
func withScene(_ kind: WebDAVServer.Kind, _ body: (WebDAVScene) async throws -> Void) async throws {
    let server = try WebDAVServer.start(kind)
    defer { server.stop() }
    try await body(try WebDAVScene(server: server))
}

extension WebDAVScene {
    /// Sends `method` for `path` (below the container) straight to the server, as another tool
    /// would (rclone caches what it serves: a file changed on its disk behind its back may not
    /// show for a while), and requires a 2xx answer.
    func send(_ method: String, _ path: String, body: Data? = nil) async throws {
        let url = try #require(URL(string: container + path))
        var request = URLRequest(url: url)
        request.httpMethod = method
        let response: URLResponse
        if let body {
            (_, response) = try await URLSession.shared.upload(for: request, from: body)
        } else {
            (_, response) = try await URLSession.shared.data(for: request)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require((200..<300).contains(status), "\(method) \(path) answered \(status)")
    }
}

/// Every file below `folder` (relative path → text), without synccli's own files.
func texts(in folder: URL) -> [String: String] {
    World.files(in: folder).mapValues { String(decoding: $0, as: UTF8.self) }
}

/// Everything below `folder`, folders included: path → mode, size, modification time to the
/// nanosecond, bytes. Equal snapshots mean nothing there was written.
func snapshot(of folder: URL) -> [String: String] {
    var result: [String: String] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
    for relative in [""] + walker.compactMap({ $0 as? String }) {
        let path = relative.isEmpty ? folder.path : folder.appending(path: relative).path
        var info = stat()
        guard lstat(path, &info) == 0 else {
            result[relative] = "unreadable"
            continue
        }
        let data = FileManager.default.contents(atPath: path).map { $0.base64EncodedString() } ?? "-"
        result[relative] =
            "mode \(String(info.st_mode, radix: 8)) size \(info.st_size) "
            + "mtime \(info.st_mtim.tv_sec).\(String(format: "%09ld", info.st_mtim.tv_nsec)) \(data)"
    }
    return result
}

/// The paths whose entries differ between two snapshots, each with what changed.
func differences(_ before: [String: String], _ after: [String: String]) -> [String] {
    Set(before.keys).union(after.keys).sorted().compactMap { path in
        switch (before[path], after[path]) {
        case (nil, _): "\(path): appeared"
        case (_, nil): "\(path): disappeared"
        case (let old?, let new?) where old != new: "\(path): \(String(old.prefix(100))) -> \(String(new.prefix(100)))"
        default: nil
        }
    }
}

/// One line on standard error, containing `text`, exit `code`, no crash.
func expectOneErrorLine(
    _ result: CLI.Result, code: Int32, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.code == code, "exit \(result.code): \(result.err)", sourceLocation: sourceLocation)
    let lines = result.err.split(separator: "\n")
    #expect(lines.count == 1, "expected one line, got \(result.err)", sourceLocation: sourceLocation)
    #expect(result.err.contains(text), "\(result.err)", sourceLocation: sourceLocation)
    #expect(!result.err.contains("Fatal error") && !result.err.contains("Stack"), sourceLocation: sourceLocation)
}

/// The SHA-256 of a file, by `sha256sum` (coreutils).
func sha256(of file: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/sha256sum")
    process.arguments = [file.path]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init)
        ?? "sha256sum failed on \(file.path)"
}

/// synccli with a WebDAV server as its container, end to end: the built binary, two simulated
/// machines, and a real lighttpd `mod_webdav` or `rclone serve webdav` on 127.0.0.1 started for
/// each test. Every scenario checks the files on both machines and on the server's disk.
@Suite("synccli over a WebDAV container, end to end")
struct WebDAVEndToEndTests {
    static let servers = WebDAVServer.Kind.runnable

    @Test("two machines converge, and a second sync copies nothing and writes nothing", arguments: servers)
    func converge(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("from alpha", to: scene.alphaDocs.appending(path: "notes/a.txt"))
            try write("second", to: scene.alphaDocs.appending(path: "b.txt"))
            let first = try scene.sync(scene.alpha)
            #expect(first.out.contains("2 files copied"), "\(first.out)")
            #expect(texts(in: scene.onServer) == ["notes/a.txt": "from alpha", "b.txt": "second"])
            try scene.sync(scene.beta)
            #expect(texts(in: scene.betaDocs) == ["notes/a.txt": "from alpha", "b.txt": "second"])

            try write("edited on beta", to: scene.betaDocs.appending(path: "notes/a.txt"))
            try write("new on beta", to: scene.betaDocs.appending(path: "deep/er/c.txt"))
            try scene.sync(scene.beta)
            try scene.sync(scene.alpha)
            let expected = ["notes/a.txt": "edited on beta", "b.txt": "second", "deep/er/c.txt": "new on beta"]
            #expect(texts(in: scene.alphaDocs) == expected)
            #expect(texts(in: scene.betaDocs) == expected)
            #expect(texts(in: scene.onServer) == expected)

            // A sync with nothing to do writes nothing on the server, not even its lock: the
            // container's folder (its time too) and all it holds are as they were.
            let server = snapshot(of: scene.containerOnServer)
            for machine in [scene.alpha, scene.beta] {
                let again = try scene.sync(machine, ["--json"])
                #expect(again.out.contains("\"copied\" : 0"), "\(machine.name): \(again.out)")
            }
            let serverAfter = snapshot(of: scene.containerOnServer)
            #expect(serverAfter == server)
        }
    }

    @Test("an edit on both machines keeps both versions; the newer keeps the name", arguments: servers)
    func conflict(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("v0", to: scene.alphaDocs.appending(path: "doc.txt"))
            try scene.sync(scene.alpha)
            try scene.sync(scene.beta)
            let alphaFile = scene.alphaDocs.appending(path: "doc.txt")
            let betaFile = scene.betaDocs.appending(path: "doc.txt")
            try write("alpha's edit", to: alphaFile)
            try write("beta's edit", to: betaFile)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: alphaFile.path)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_100)], ofItemAtPath: betaFile.path)
            try scene.sync(scene.alpha)
            let result = try scene.sync(scene.beta)
            #expect(result.out.contains("conflict doc.txt"), "\(result.out)")
            try scene.sync(scene.alpha)

            for (place, folder) in [("alpha", scene.alphaDocs), ("beta", scene.betaDocs), ("server", scene.onServer)] {
                let files = texts(in: folder)
                #expect(files.count == 2, "\(place): \(files)")
                #expect(files["doc.txt"] == "beta's edit", "\(place): \(files)")
                let copies = files.filter { $0.key != "doc.txt" }
                #expect(copies.count == 1 && copies.values.first == "alpha's edit", "\(place): \(files)")
                let name = copies.keys.first ?? ""
                #expect(
                    name.wholeMatch(of: /doc \(conflict \d{4}-\d{2}-\d{2} \d{6} alpha\)\.txt/) != nil,
                    "\(place): \(name)")
            }
            let conflicts = try CLI.run(["conflicts", scene.betaDocs.path], as: scene.beta)
            #expect(conflicts.code == 0 && conflicts.out.contains("doc (conflict "), "\(conflicts.out)\(conflicts.err)")
        }
    }

    @Test(
        "a deletion goes to the trash on the server; trash list shows it and trash restore puts it back",
        arguments: servers)
    func trash(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("keep me", to: scene.alphaDocs.appending(path: "important.txt"))
            try write("other", to: scene.alphaDocs.appending(path: "other.txt"))
            try write("third", to: scene.alphaDocs.appending(path: "third.txt"))
            try scene.sync(scene.alpha)
            try scene.sync(scene.beta)
            try FileManager.default.removeItem(at: scene.betaDocs.appending(path: "important.txt"))
            let deleted = try scene.sync(scene.beta)
            #expect(deleted.out.contains("1 file deleted"), "\(deleted.out)")

            #expect(texts(in: scene.onServer) == ["other.txt": "other", "third.txt": "third"])
            let trashOnServer = scene.onServer.appending(path: ".synccli-trash", directoryHint: .isDirectory)
            let trashed = World.files(in: trashOnServer, includingOwn: true)
            #expect(trashed.count == 1, "\(trashed.keys.sorted())")
            let (trashedPath, trashedData) = try #require(trashed.first)
            let parts = trashedPath.split(separator: "/")
            #expect(parts.count == 2 && parts.last == "important.txt", "\(trashedPath)")
            #expect(String(decoding: trashedData, as: UTF8.self) == "keep me")

            let list = try CLI.run(["trash", "list", scene.betaDocs.path], as: scene.beta)
            #expect(list.code == 0, "\(list.err)")
            let lines = list.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            #expect(lines.first == ["trashed", "side", "size", "copy", "path"], "\(list.out)")
            #expect(lines.last?.dropFirst(3).first == "last", "nothing else holds it: \(list.out)")
            #expect(
                lines.count == 2 && lines.last?.dropFirst().first == "container" && lines.last?.last == "important.txt",
                "\(list.out)")

            // Restored into the folder (the trashed copy stays), and carried up by the next sync.
            let restore = try CLI.run(["trash", "restore", scene.betaDocs.path, "important.txt"], as: scene.beta)
            #expect(restore.code == 0, "\(restore.err)")
            #expect(texts(in: scene.betaDocs)["important.txt"] == "keep me", "\(restore.out)")
            let all = ["important.txt": "keep me", "other.txt": "other", "third.txt": "third"]
            try scene.sync(scene.beta)
            #expect(texts(in: scene.onServer) == all)
            #expect(World.files(in: trashOnServer, includingOwn: true).count == 1)
            try scene.sync(scene.alpha)
            #expect(texts(in: scene.betaDocs) == all)
            #expect(texts(in: scene.alphaDocs) == all)
            #expect(texts(in: scene.onServer) == all)
        }
    }

    /// Both machines synced `old/0…4.txt` and `report.txt`; then alpha renamed `old` to `new` and
    /// `report.txt` to `final report.txt`. Returns what every side must end up with.
    func renamedOnAlpha(_ scene: WebDAVScene) throws -> [String: String] {
        for index in 0..<5 { try write("\(index)", to: scene.alphaDocs.appending(path: "old/\(index).txt")) }
        try write("report", to: scene.alphaDocs.appending(path: "report.txt"))
        try scene.sync(scene.alpha)
        try scene.sync(scene.beta)
        try FileManager.default.moveItem(
            at: scene.alphaDocs.appending(path: "old"), to: scene.alphaDocs.appending(path: "new"))
        try FileManager.default.moveItem(
            at: scene.alphaDocs.appending(path: "report.txt"),
            to: scene.alphaDocs.appending(path: "final report.txt"))
        var expected = ["final report.txt": "report"]
        for index in 0..<5 { expected["new/\(index).txt"] = "\(index)" }
        return expected
    }

    @Test(
        "a renamed folder and a renamed file go to the server as moves: nothing copied, nothing left under the old names",
        arguments: servers)
    func renameGoesUp(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            let expected = try renamedOnAlpha(scene)
            let moved = try scene.sync(scene.alpha)
            #expect(
                moved.out.contains("0 files copied") && moved.out.contains("0 files deleted")
                    && moved.out.contains("2 renames"),
                "\(moved.out)")
            #expect(texts(in: scene.onServer) == expected)
            #expect(World.folders(in: scene.onServer) == ["new"])
            #expect(World.files(in: scene.onServer.appending(path: ".synccli-trash"), includingOwn: true).isEmpty)
            let again = try scene.sync(scene.alpha, ["--json"])
            #expect(again.out.contains("\"copied\" : 0"), "\(again.out)")
            #expect(texts(in: scene.alphaDocs) == expected)
        }
    }

    @Test("a folder and a file renamed on the other machine arrive renamed", arguments: servers)
    func renameComesDown(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            let expected = try renamedOnAlpha(scene)
            _ = try CLI.run(["sync", scene.alphaDocs.path], as: scene.alpha)
            try #require(texts(in: scene.onServer) == expected, "alpha's renames did not reach the server")
            try scene.sync(scene.beta)
            #expect(texts(in: scene.betaDocs) == expected)
            #expect(World.folders(in: scene.betaDocs) == ["new"])
            #expect(texts(in: scene.onServer) == expected)
        }
    }

    @Test("empty folders arrive on the other machine, and a removed one is removed there", arguments: servers)
    func emptyFolders(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try FileManager.default.createDirectory(
                at: scene.alphaDocs.appending(path: "empty/deeper"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                at: scene.alphaDocs.appending(path: "lone"), withIntermediateDirectories: true)
            try write("a", to: scene.alphaDocs.appending(path: "a.txt"))
            try scene.sync(scene.alpha)
            #expect(World.folders(in: scene.onServer) == ["empty", "empty/deeper", "lone"])
            try scene.sync(scene.beta)
            #expect(World.folders(in: scene.betaDocs) == ["empty", "empty/deeper", "lone"])
            #expect(texts(in: scene.betaDocs) == ["a.txt": "a"])
            try FileManager.default.removeItem(at: scene.alphaDocs.appending(path: "empty/deeper"))
            try scene.sync(scene.alpha)
            #expect(World.folders(in: scene.onServer) == ["empty", "lone"])
            try scene.sync(scene.beta)
            #expect(World.folders(in: scene.betaDocs) == ["empty", "lone"])
            #expect(texts(in: scene.betaDocs) == ["a.txt": "a"])
        }
    }

    @Test(
        "a file on one machine against a folder of the same name on the other: the folder keeps the name, the file is kept beside it",
        arguments: servers)
    func fileAgainstFolder(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("base", to: scene.alphaDocs.appending(path: "base.txt"))
            try scene.sync(scene.alpha)
            try scene.sync(scene.beta)
            try write("file", to: scene.alphaDocs.appending(path: "same"))
            try write("inner", to: scene.betaDocs.appending(path: "same/inner.txt"))
            try scene.sync(scene.alpha)
            let result = try scene.sync(scene.beta)
            #expect(result.out.contains("conflict same"), "\(result.out)")
            let third = try scene.sync(scene.alpha)
            let fourth = try scene.sync(scene.beta)
            let said = "beta: \(result.out)alpha: \(third.out)beta: \(fourth.out)"
            for (place, folder) in [("alpha", scene.alphaDocs), ("beta", scene.betaDocs), ("server", scene.onServer)] {
                let files = texts(in: folder)
                #expect(files.count == 3, "\(place): \(files.keys.sorted())")
                #expect(files["base.txt"] == "base" && files["same/inner.txt"] == "inner", "\(place): \(files)")
                let copies = files.filter { $0.key.hasPrefix("same (conflict ") }
                #expect(copies.count == 1 && copies.values.first == "file", "\(place): \(files.keys.sorted())\n\(said)")
                #expect(World.folders(in: folder) == ["same"], "\(place)")
            }
        }
    }

    @Test("Unicode and URL-special names (é, 日本, a space, # and %) travel both ways", arguments: servers)
    func oddNames(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            let names = [
                "caf\u{E9}.txt", "日本/メモ.txt", "space name.txt", "#hash.txt", "100% sure.txt", "a%20b.txt",
                "r\u{E9}sum\u{E9} #1 (50%)?.txt", "dir with space/x#y%z.txt",
            ]
            var expected: [String: String] = [:]
            for name in names {
                try write(name, to: scene.alphaDocs.appending(path: name))
                expected[name] = name
            }
            try scene.sync(scene.alpha)
            #expect(texts(in: scene.onServer) == expected)
            try scene.sync(scene.beta)
            #expect(texts(in: scene.betaDocs) == expected)

            try write("edited", to: scene.betaDocs.appending(path: "日本/メモ.txt"))
            try write("edited", to: scene.betaDocs.appending(path: "100% sure.txt"))
            try FileManager.default.removeItem(at: scene.betaDocs.appending(path: "#hash.txt"))
            try FileManager.default.moveItem(
                at: scene.betaDocs.appending(path: "a%20b.txt"), to: scene.betaDocs.appending(path: "a b%.txt"))
            try scene.sync(scene.beta)
            try scene.sync(scene.alpha)
            expected["日本/メモ.txt"] = "edited"
            expected["100% sure.txt"] = "edited"
            expected["#hash.txt"] = nil
            expected["a%20b.txt"] = nil
            expected["a b%.txt"] = "a%20b.txt"
            #expect(texts(in: scene.onServer) == expected)
            #expect(texts(in: scene.alphaDocs) == expected)
            #expect(texts(in: scene.betaDocs) == expected)
        }
    }

    @Test("a 64 MiB file goes up and comes down byte for byte", arguments: servers)
    func largeFile(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            var bytes = [UInt64](repeating: 0, count: (64 << 20) / 8)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            bytes.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices {
                    state ^= state << 13
                    state ^= state >> 7
                    state ^= state << 17
                    buffer[index] = state
                }
            }
            let original = scene.alphaDocs.appending(path: "big.bin")
            try bytes.withUnsafeBytes { try Data($0).write(to: original) }
            let digest = try sha256(of: original)
            try scene.sync(scene.alpha)
            let onServer = scene.onServer.appending(path: "big.bin")
            #expect(try sha256(of: onServer) == digest)
            try scene.sync(scene.beta)
            let arrived = scene.betaDocs.appending(path: "big.bin")
            #expect(try FileManager.default.attributesOfItem(atPath: arrived.path)[.size] as? Int == 64 << 20)
            #expect(try sha256(of: arrived) == digest)
        }
    }

    @Test("modification times arrive as the original on the other machine, both ways", arguments: servers)
    func modificationTimes(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            let file = scene.alphaDocs.appending(path: "dated.txt")
            try write("old", to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_500_000_000.123456)], ofItemAtPath: file.path)
            let original = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
            try scene.sync(scene.alpha)
            try scene.sync(scene.beta)
            let copied = scene.betaDocs.appending(path: "dated.txt")
            #expect(
                try FileManager.default.attributesOfItem(atPath: copied.path)[.modificationDate] as? Date == original)
            let onServer = try FileManager.default.attributesOfItem(
                atPath: scene.onServer.appending(path: "dated.txt").path)
            #expect(
                onServer[.modificationDate] as? Date != original,
                "the server set the time itself: this test no longer shows the metadata at work")

            try write("newer", to: copied)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000.5)], ofItemAtPath: copied.path)
            let edited = try FileManager.default.attributesOfItem(atPath: copied.path)[.modificationDate] as? Date
            try scene.sync(scene.beta)
            try scene.sync(scene.alpha)
            #expect(read(file) == "newer")
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == edited)
            for machine in [scene.alpha, scene.beta] {
                let again = try scene.sync(machine, ["--json"])
                #expect(again.out.contains("\"copied\" : 0"), "\(machine.name): \(again.out)")
            }
        }
    }

    @Test("a dry run changes nothing on the server nor on the machine", arguments: servers)
    func dryRun(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("a", to: scene.alphaDocs.appending(path: "a.txt"))
            try write("c", to: scene.alphaDocs.appending(path: "c.txt"))
            try write("d", to: scene.alphaDocs.appending(path: "d.txt"))
            try scene.sync(scene.alpha)
            try write("b", to: scene.alphaDocs.appending(path: "b.txt"))
            try write("a, edited", to: scene.alphaDocs.appending(path: "a.txt"))
            try FileManager.default.removeItem(at: scene.alphaDocs.appending(path: "c.txt"))
            try FileManager.default.createDirectory(
                at: scene.alphaDocs.appending(path: "new folder"), withIntermediateDirectories: true)
            let server = snapshot(of: scene.server.root)
            let local = snapshot(of: scene.alphaDocs)
            let result = try scene.sync(scene.alpha, ["--dry-run"])
            #expect(result.out.contains("local → container: copy b.txt"), "\(result.out)")
            #expect(differences(server, snapshot(of: scene.server.root)) == [], "changed on the server's disk")
            #expect(differences(local, snapshot(of: scene.alphaDocs)) == [], "changed on the machine")
            #expect(texts(in: scene.onServer) == ["a.txt": "a", "c.txt": "c", "d.txt": "d"])
        }
    }

    @Test(
        "a pair folder gone from the server after a sync is refused (exit 3) and nothing is deleted locally",
        arguments: servers)
    func emptiedContainer(kind: WebDAVServer.Kind) async throws {
        try await withScene(kind) { scene in
            for index in 0..<4 { try write("file \(index)", to: scene.alphaDocs.appending(path: "f\(index).txt")) }
            try scene.sync(scene.alpha)
            // Someone empties the container through the server.
            try await scene.send("DELETE", "docs/")
            try #require(!FileManager.default.fileExists(atPath: scene.onServer.path))

            let before = snapshot(of: scene.alphaDocs)
            let result = try CLI.run(["sync", scene.alphaDocs.path, "--container", scene.container], as: scene.alpha)
            expectOneErrorLine(result, code: 3, mentioning: "root marker")
            #expect(snapshot(of: scene.alphaDocs) == before)
            #expect(!FileManager.default.fileExists(atPath: scene.onServer.path), "the pair folder was made again")
            let again = try CLI.run(["sync"], as: scene.alpha)
            #expect(again.code == 3, "\(again.err)")
            #expect(snapshot(of: scene.alphaDocs) == before)
            #expect(!FileManager.default.fileExists(atPath: scene.onServer.path), "the pair folder was made again")
        }
    }

    @Test(
        "a server that stopped after a sync is exit 4 with one line, and nothing is deleted locally", arguments: servers
    )
    func stoppedServer(kind: WebDAVServer.Kind) throws {
        let server = try WebDAVServer.start(kind)
        defer { server.stop() }
        let scene = try WebDAVScene(server: server)
        for index in 0..<4 { try write("file \(index)", to: scene.alphaDocs.appending(path: "f\(index).txt")) }
        try scene.sync(scene.alpha)
        server.stop()
        let before = snapshot(of: scene.alphaDocs)
        let result = try CLI.run(["sync", scene.alphaDocs.path], as: scene.alpha)
        expectOneErrorLine(result, code: 4, mentioning: server.base.host() ?? "127.0.0.1")
        #expect(snapshot(of: scene.alphaDocs) == before)
    }

    @Test("a port where nothing listens is exit 4 with one line naming the reason")
    func unreachable() throws {
        let scene = try OneMachine()
        try write("a", to: scene.docs.appending(path: "a.txt"))
        let port = try freePort()
        let result = try CLI.run(
            ["sync", scene.docs.path, "--container", "http://127.0.0.1:\(port)/box/"], as: scene.alpha)
        expectOneErrorLine(result, code: 4, mentioning: "127.0.0.1:\(port)")
        #expect(
            result.err.lowercased().contains("connect") || result.err.lowercased().contains("refused"), "\(result.err)")
        #expect(texts(in: scene.docs) == ["a.txt": "a"])
    }

    @Test("a container URL with credentials is exit 2 and never shows the password", arguments: servers)
    func credentialsInURL(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("a", to: scene.alphaDocs.appending(path: "a.txt"))
            let password = "Sw0rdf1sh"
            guard let port = scene.server.base.port else { throw WebDAVServer.NotStarted(description: "no port") }
            let url = "http://u:\(password)@127.0.0.1:\(port)/box/"
            for arguments in [
                ["sync", scene.alphaDocs.path, "--container", url], ["--container", url, "sync", scene.alphaDocs.path],
                ["container", "set", url],
            ] {
                let result = try CLI.run(arguments, as: scene.alpha)
                expectOneErrorLine(result, code: 2, mentioning: "127.0.0.1")
                #expect(
                    !result.err.contains(password) && !result.out.contains(password), "\(arguments[0]): \(result.err)")
            }
            let everything = World.files(in: scene.alpha.home, includingOwn: true)
            let leaked = everything.values.contains { String(decoding: $0, as: UTF8.self).contains(password) }
            #expect(!leaked)
            #expect(World.files(in: scene.containerOnServer, includingOwn: true).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: scene.onServer.path))
        }
    }

    @Test("a server that answers HTML is exit 4: not a WebDAV server")
    func htmlServer() throws {
        let server = try HTMLServer.start()
        defer { server.stop() }
        let scene = try OneMachine()
        try write("a", to: scene.docs.appending(path: "a.txt"))
        let before = snapshot(of: scene.docs)
        let result = try CLI.run(
            ["sync", scene.docs.path, "--container", server.base.absoluteString + "box/"], as: scene.alpha)
        expectOneErrorLine(result, code: 4, mentioning: "not a WebDAV server")
        #expect(snapshot(of: scene.docs) == before)
    }

    @Test(
        "after the first sync, status and sync need no --container; container set works for a server",
        arguments: servers)
    func pairRemembersServer(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("a", to: scene.alphaDocs.appending(path: "a.txt"))
            try scene.sync(scene.alpha)
            try write("b", to: scene.alphaDocs.appending(path: "b.txt"))
            let status = try CLI.run(["status", scene.alphaDocs.path], as: scene.alpha)
            #expect(status.code == 0 && status.out.contains("1 change pending"), "\(status.out)\(status.err)")
            let all = try CLI.run(["sync"], as: scene.alpha)
            #expect(all.code == 0, "\(all.err)")
            #expect(texts(in: scene.onServer) == ["a.txt": "a", "b.txt": "b"])
            let again = try CLI.run(["status"], as: scene.alpha)
            #expect(again.code == 0 && again.out.contains("in sync"), "\(again.out)\(again.err)")

            let set = try CLI.run(["container", "set", scene.container], as: scene.beta)
            #expect(set.code == 0, "\(set.err)")
            let show = try CLI.run(["container", "show"], as: scene.beta)
            #expect(show.out.contains(scene.container), "\(show.out)\(show.err)")
            let first = try CLI.run(["sync", scene.betaDocs.path], as: scene.beta)
            #expect(first.code == 0, "\(first.err)")
            #expect(texts(in: scene.betaDocs) == ["a.txt": "a", "b.txt": "b"])
            try write("c", to: scene.alphaDocs.appending(path: "c.txt"))
            #expect(try CLI.run(["sync"], as: scene.alpha).code == 0)
            let later = try CLI.run(["sync"], as: scene.beta)
            #expect(later.code == 0, "\(later.err)")
            #expect(texts(in: scene.betaDocs) == ["a.txt": "a", "b.txt": "b", "c.txt": "c"])
            let pairs = try CLI.run(["pairs"], as: scene.beta)
            #expect(pairs.out.contains(scene.betaDocs.path), "\(pairs.out)")
        }
    }
}

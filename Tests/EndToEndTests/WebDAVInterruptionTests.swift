import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the interruption tests add to a ``WebDAVScene``: runs that may fail or be killed, through a
/// proxy or not, and the convergence check after them.
extension WebDAVScene {
    /// The server's port, for a proxy in front of it.
    var serverPort: UInt16 { UInt16(server.base.port ?? 0) }

    func arguments(_ machine: Machine, container: String? = nil) -> [String] {
        ["sync", docs(machine).path, "--container", container ?? self.container, "--max-delete", "100"]
    }

    /// `synccli sync` as `machine`, to the server or to `container` (a proxy in front of it).
    func run(_ machine: Machine, container: String? = nil, json: Bool = false) throws -> CLI.Result {
        try CLI.run(arguments(machine, container: container) + (json ? ["--json"] : []), as: machine)
    }

    /// `synccli sync` as `machine`, killed with SIGKILL at `point` (or reaped, when it finished
    /// before getting there). `receiving` is the folder the run writes to (the pair folder on the
    /// server, or the machine's own); `placed` a path there whose arrival means the run is putting
    /// files in place.
    func syncKilled(_ machine: Machine, at point: KillPoint, receiving: URL, placed: String) throws {
        let document = containerOnServer.appending(path: "data.json")
        let documentBefore = Self.signature(of: document)
        let process = Process()
        process.executableURL = try CLI.requireBinary()
        process.arguments = arguments(machine)
        process.environment = machine.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reached: () -> Bool
        switch point {
        case .after(let delay):
            Thread.sleep(forTimeInterval: delay)
            reached = { true }
        case .locked:
            reached = {
                FileManager.default.fileExists(atPath: containerOnServer.appending(path: ".synccli-lock-docs").path)
            }
        case .staging:
            let folder = receiving.appending(path: "media").path
            reached = {
                (try? FileManager.default.contentsOfDirectory(atPath: folder))?.contains {
                    $0.hasPrefix(".synccli-tmp-")
                } == true
            }
        case .placing:
            reached = { FileManager.default.fileExists(atPath: receiving.appending(path: placed).path) }
        case .recording:
            reached = { Self.signature(of: document) != documentBefore }
        }
        // The kill's delay: the run gets as far as `point`, looked at every 0.2 ms.
        while process.isRunning && !reached() { usleep(200) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A file's inode, size and modification time (nil when there is none): a write replaces it
    /// under a new inode.
    static func signature(of file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        return
            "\(attributes[.systemFileNumber] ?? "") \(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
    }

    /// Every `.synccli-tmp-` name on the server's disk and in both machines' homes (their
    /// folders and their state).
    func temporaryNames() -> [String] {
        [server.root, alpha.home, beta.home].flatMap { folder in
            World.files(in: folder, includingOwn: true).keys.filter { $0.contains(".synccli-tmp-") }.map {
                "\(folder.lastPathComponent)/\($0)"
            }
        }.sorted()
    }

    /// After a run that should have converged: `machines` hold `expected`, and so does the
    /// server; no temporary name is left anywhere; a further sync of each machine copies nothing.
    func expectConverged(
        _ machines: [Machine], to expected: [String: Data], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for machine in machines {
            let local = Self.difference(World.files(in: docs(machine)), expected)
            #expect(local == nil, "\(machine.name)'s folder", sourceLocation: sourceLocation)
        }
        let served = Self.difference(World.files(in: onServer), expected)
        #expect(served == nil, "the server's folder", sourceLocation: sourceLocation)
        for machine in machines {
            #expect(
                World.folders(in: onServer) == World.folders(in: docs(machine)),
                "\(machine.name)'s folders and the server's differ",
                sourceLocation: sourceLocation)
        }
        let left = temporaryNames()
        #expect(left.isEmpty, "\(left.count) left behind, such as \(left.prefix(5))", sourceLocation: sourceLocation)
        for machine in machines {
            let idle = try run(machine, json: true)
            #expect(
                idle.code == 0 && idle.out.contains("\"copied\" : 0"),
                "\(machine.name) again: exit \(idle.code): \(idle.err)\(idle.out)",
                sourceLocation: sourceLocation)
        }
    }

    /// What differs between `files` and `expected`, briefly; nil when nothing does.
    static func difference(_ files: [String: Data], _ expected: [String: Data]) -> String? {
        let missing = expected.keys.filter { files[$0] == nil }.sorted()
        let extra = files.keys.filter { expected[$0] == nil }.sorted()
        let changed = expected.keys.filter { files[$0] != nil && files[$0] != expected[$0] }.sorted()
        if missing.isEmpty && extra.isEmpty && changed.isEmpty { return nil }
        return
            "missing \(missing.count) \(missing.prefix(5)), extra \(extra.count) \(extra.prefix(5)), different \(changed.count) \(changed.prefix(5))"
    }
}

/// Where a killed run is killed.
enum KillPoint: CustomStringConvertible {
    /// A fixed time after it started (early: the listing, the probe, the lock).
    case after(Double)
    /// Once the container lock is on the server: listing and planning.
    case locked
    /// Once a temporary copy appears in the receiving side's `media` folder: a big file is being
    /// written (on a server that streams, mid-body) or is staged but not yet in place.
    case staging
    /// Once the scenario's watched path arrives: files (or folders) are being put in place.
    case placing
    /// Once the container's document changes: the run records the sync there, and the archive
    /// save comes next.
    case recording

    static let all: [KillPoint] = [.after(0.1), .locked, .staging, .placing, .recording]

    var description: String {
        switch self {
        case .after(let delay): "after \(delay) s"
        case .locked: "once locked"
        case .staging: "while staging"
        case .placing: "while placing"
        case .recording: "while recording"
        }
    }
}

/// `count` pseudo-random bytes that differ with `seed`.
func bigContent(_ count: Int, seed: UInt8) -> Data {
    var data = Data(count: count)
    data.withUnsafeMutableBytes { bytes in
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        for index in 0..<bytes.count {
            state = state &* 1_664_525 &+ 1_013_904_223  // a linear congruential generator
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
    }
    return data
}

func writeBytes(_ data: Data, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
}

/// synccli with a WebDAV container, interrupted anywhere: killed with SIGKILL during uploads,
/// downloads, moves and the saves at the end, and its connections cut mid-body by a fault
/// injecting proxy. The next normal run converges: every version kept on both machines and on
/// the server's disk, no temporary name left, and a further sync copies nothing.
///
/// Each kill test runs at several points (see ``KillPoint``), found by watching the disks; what it
/// checks holds wherever the kill lands (before the first request, mid-transfer, after the run
/// ended), so no result depends on timing.
@Suite("synccli over a WebDAV container, interrupted")
struct WebDAVInterruptionTests {
    static let servers = WebDAVServer.Kind.runnable
    static let points = KillPoint.all

    /// A few hundred small files in twenty folders and two files of a few MiB.
    static func populate(_ folder: URL, tag: String) throws {
        for index in 0..<240 {
            try write(
                "\(tag) \(index) " + String(repeating: "x", count: index % 64),
                to: folder.appending(path: "d\(index % 20)/f\(index).txt"))
        }
        try writeBytes(bigContent(3 << 20, seed: 1), to: folder.appending(path: "big1.bin"))
        try writeBytes(bigContent(2 << 20, seed: 2), to: folder.appending(path: "media/big2.bin"))
    }

    @Test("kill -9 during the first upload, then a full run: converges and loses nothing", arguments: servers, points)
    func killedUpload(kind: WebDAVServer.Kind, point: KillPoint) throws {
        try withScene(kind) { scene in
            try Self.populate(scene.alphaDocs, tag: "first")
            let expected = World.files(in: scene.alphaDocs)
            try scene.syncKilled(scene.alpha, at: point, receiving: scene.onServer, placed: "big1.bin")
            let rerun = try scene.run(scene.alpha)
            try #require(rerun.code == 0, "the run after: exit \(rerun.code): \(rerun.err)")
            try scene.expectConverged([scene.alpha], to: expected)
        }
    }

    @Test(
        "kill -9 while a second machine downloads, then a full run: converges and loses nothing", arguments: servers,
        points)
    func killedDownload(kind: WebDAVServer.Kind, point: KillPoint) throws {
        try withScene(kind) { scene in
            try Self.populate(scene.alphaDocs, tag: "shared")
            let expected = World.files(in: scene.alphaDocs)
            let first = try scene.run(scene.alpha)
            try #require(first.code == 0, "setting up: exit \(first.code): \(first.err)")
            try scene.syncKilled(scene.beta, at: point, receiving: scene.betaDocs, placed: "big1.bin")
            let rerun = try scene.run(scene.beta)
            try #require(rerun.code == 0, "the run after: exit \(rerun.code): \(rerun.err)")
            try scene.expectConverged([scene.beta, scene.alpha], to: expected)
        }
    }

    @Test(
        "kill -9 during a run of edits, additions, deletions, renames and moves, then a full run: converges and loses nothing",
        arguments: servers, points)
    func killedChanges(kind: WebDAVServer.Kind, point: KillPoint) throws {
        try withScene(kind) { scene in
            let docs = scene.alphaDocs
            try Self.populate(docs, tag: "before")
            let first = try scene.run(scene.alpha)
            try #require(first.code == 0, "setting up: exit \(first.code): \(first.err)")
            // Folders d3 and d4 only move, so that the run has moves to make.
            let untouched: Set<Int> = [3, 4]
            for index in stride(from: 0, to: 240, by: 4) where !untouched.contains(index % 20) {
                try write("edited \(index)", to: docs.appending(path: "d\(index % 20)/f\(index).txt"))
            }
            for index in stride(from: 1, to: 240, by: 9) where !untouched.contains(index % 20) {
                try FileManager.default.removeItem(at: docs.appending(path: "d\(index % 20)/f\(index).txt"))
            }
            for index in 0..<60 {
                try write("added \(index)", to: docs.appending(path: "added/a\(index % 3)/n\(index).txt"))
            }
            try FileManager.default.moveItem(at: docs.appending(path: "d3"), to: docs.appending(path: "renamed d3"))
            for index in stride(from: 4, to: 240, by: 20) {
                try FileManager.default.moveItem(
                    at: docs.appending(path: "d4/f\(index).txt"), to: docs.appending(path: "d5/moved \(index).txt"))
            }
            try FileManager.default.createDirectory(
                at: docs.appending(path: "archive"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: docs.appending(path: "big1.bin"), to: docs.appending(path: "archive/big one.bin"))
            try writeBytes(bigContent(2 << 20, seed: 3), to: docs.appending(path: "media/big2.bin"))
            let expected = World.files(in: docs)

            try scene.syncKilled(scene.alpha, at: point, receiving: scene.onServer, placed: "renamed d3")
            let rerun = try scene.run(scene.alpha)
            try #require(rerun.code == 0, "the run after: exit \(rerun.code): \(rerun.err)")
            try scene.expectConverged([scene.alpha], to: expected)
            #expect(
                !FileManager.default.fileExists(atPath: scene.onServer.appending(path: "d3").path),
                "the renamed folder stayed on the server")
        }
    }

    /// How many connections the proxy cuts.
    enum Cuts: String, CaseIterable, CustomStringConvertible {
        /// The first connection that gets that far: a retry gets through.
        case once
        /// Every connection that gets that far: the file cannot get through this run.
        case every

        var count: Int? { self == .once ? 1 : nil }
        var description: String { rawValue }
    }

    /// A few small files and one of 4 MiB, in `folder`.
    static func populateForCuts(_ folder: URL) throws {
        for index in 0..<6 { try write("small \(index)", to: folder.appending(path: "s/f\(index).txt")) }
        try writeBytes(bigContent(4 << 20, seed: 4), to: folder.appending(path: "big.bin"))
    }

    /// A run through the proxy: exit 0 (it retried), or exit 1 with one line naming `big.bin`,
    /// the only file whose transfer was cut (always, when every connection is cut). Either way
    /// `side` holds every file it holds complete: nothing torn, nothing else missing.
    static func expectCutRun(
        _ result: CLI.Result, cuts: Cuts, side files: [String: Data], expected: [String: Data],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let codes: Set<Int32> = cuts == .every ? [1] : [0, 1]
        #expect(codes.contains(result.code), "exit \(result.code): \(result.err)", sourceLocation: sourceLocation)
        #expect(!result.err.contains("Fatal error"), sourceLocation: sourceLocation)
        if result.code == 1 {
            let lines = result.err.split(separator: "\n")
            #expect(
                lines.count == 1 && result.err.contains("big.bin"), "expected one line naming big.bin: \(result.err)",
                sourceLocation: sourceLocation)
            var partial = expected
            partial["big.bin"] = nil
            let whole = WebDAVScene.difference(files, expected)
            let withoutIt = WebDAVScene.difference(files, partial)
            #expect(whole == nil || withoutIt == nil, "\(whole ?? "")", sourceLocation: sourceLocation)
        } else if result.code == 0 {
            let whole = WebDAVScene.difference(files, expected)
            #expect(whole == nil, sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a connection cut mid-upload: the run retries or names the file; the next run converges", arguments: servers,
        Cuts.allCases)
    func cutMidUpload(kind: WebDAVServer.Kind, cuts: Cuts) throws {
        try withScene(kind) { scene in
            try Self.populateForCuts(scene.alphaDocs)
            let expected = World.files(in: scene.alphaDocs)
            let proxy = try FaultProxy.start(
                target: scene.serverPort, cutAfter: 1 << 20, direction: .up, cutCount: cuts.count)
            defer { proxy.stop() }
            let cut = try scene.run(scene.alpha, container: proxy.routing(scene.container))
            Self.expectCutRun(cut, cuts: cuts, side: World.files(in: scene.onServer), expected: expected)
            let local = WebDAVScene.difference(World.files(in: scene.alphaDocs), expected)
            #expect(local == nil, "the cut run changed the local folder")
            proxy.stop()

            let rerun = try scene.run(scene.alpha)
            try #require(rerun.code == 0, "the run after: exit \(rerun.code): \(rerun.err)")
            try scene.expectConverged([scene.alpha], to: expected)
        }
    }

    @Test(
        "a connection cut mid-download: the run retries or names the file; the next run converges", arguments: servers,
        Cuts.allCases)
    func cutMidDownload(kind: WebDAVServer.Kind, cuts: Cuts) throws {
        try withScene(kind) { scene in
            try Self.populateForCuts(scene.alphaDocs)
            let expected = World.files(in: scene.alphaDocs)
            let first = try scene.run(scene.alpha)
            try #require(first.code == 0, "setting up: exit \(first.code): \(first.err)")
            let proxy = try FaultProxy.start(
                target: scene.serverPort, cutAfter: 1 << 20, direction: .down, cutCount: cuts.count)
            defer { proxy.stop() }
            let cut = try scene.run(scene.beta, container: proxy.routing(scene.container))
            Self.expectCutRun(cut, cuts: cuts, side: World.files(in: scene.betaDocs), expected: expected)
            let served = WebDAVScene.difference(World.files(in: scene.onServer), expected)
            #expect(served == nil, "the cut run changed the server")
            proxy.stop()

            let rerun = try scene.run(scene.beta)
            try #require(rerun.code == 0, "the run after: exit \(rerun.code): \(rerun.err)")
            try scene.expectConverged([scene.beta, scene.alpha], to: expected)
        }
    }
}

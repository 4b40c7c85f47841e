import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import NetworkInterface
import NetworkMock
import Testing
import WebDAVSide

@testable import SyncEngine

/// Machines whose local folders are in one in-memory world and whose container is a WebDAV
/// server in memory (with a real server's quirks): the engine over the WebDAV side, no I/O.
struct WebDAVRig {
    let world = MockWorld()
    let server: InMemoryWebDAVServer
    let transport: MockHTTPTransport
    let container = URL(string: "http://dav.test/sync/")!
    /// Time the machines' clocks are ahead of the world's (which moves a millisecond a change).
    let ahead = VirtualClock()

    init(quirks: WebDAVQuirks) {
        server = InMemoryWebDAVServer(quirks: quirks)
        server.makeCollection(at: "/sync")
        transport = MockHTTPTransport(world: world, server: server)
    }

    func localRoot(_ machine: String) -> URL { URL(filePath: "/machines/\(machine)/docs", directoryHint: .isDirectory) }

    func pair(_ machine: String) throws -> SyncPair {
        try SyncPair(name: "docs", localRoot: localRoot(machine), container: container)
    }

    /// A manager for `machine` (a new one per sync, as each run of the tool is), copying
    /// `copyWorkers` files at once, its requests through `through` (default: the rig's transport),
    /// its state read and written through `accessor` (default: one of its own on the rig's world).
    func manager(
        _ machine: String, copyWorkers: Int = 1, through: (any HTTPTransport)? = nil, accessor: MockFileAccessor? = nil
    ) -> SyncManager {
        let state = URL(filePath: "/machines/\(machine)/state", directoryHint: .isDirectory)
        try? world.withTree {
            try $0.makeDirectory(at: PathKey(state), intermediate: true)
            try $0.makeDirectory(at: PathKey(localRoot(machine)), intermediate: true)
        }
        let (clock, ahead) = (world, ahead)
        var environment = SyncEnvironment(
            machineName: machine, stateFolder: state, lockHolder: "test \(machine)",
            now: {
                Date(
                    timeIntervalSince1970: Double(clock.withTree { $0.now }) / 1e9
                        + Double(ahead.now.components.seconds))
            })
        environment.copyWorkers = copyWorkers
        let sides = SchemeSides([
            "file": MockFolderSides(world: world), "http": WebDAVSides(transport: through ?? transport),
        ])
        return SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: nil, world: world),
            fileAccessor: accessor ?? MockFileAccessor(world: world),
            sides: sides, locking: pairLocking(machine), environment: environment)
    }

    /// The pair locks of `machine` (each machine its own, as on separate computers).
    func pairLocking(_ machine: String) -> MockPairLocking {
        MockPairLocking(world: world, folder: URL(filePath: "/machines/\(machine)/locks", directoryHint: .isDirectory))
    }

    func sync(_ machine: String) async throws -> SyncReport {
        try await manager(machine).sync(try pair(machine))
    }

    func put(_ text: String, at path: String, on machine: String, modified: Int64? = nil) throws {
        let key = PathKey(localRoot(machine).appending(path: path))
        try world.withTree {
            try $0.makeDirectory(at: key.parent, intermediate: true)
            try $0.writeFile(Data(text.utf8), at: key, modificationNanoseconds: modified)
        }
    }

    func remove(_ path: String, on machine: String) throws {
        try world.withTree { try $0.removeItem(at: PathKey(localRoot(machine).appending(path: path))) }
    }

    func local(_ machine: String) -> [String: String] {
        let base = PathKey(localRoot(machine))
        return world.withTree { tree in
            var result: [String: String] = [:]
            for path in tree.paths(below: base) {
                let relative = path.components.dropFirst(base.components.count).map {
                    String(decoding: $0, as: UTF8.self)
                }
                guard !relative.contains(where: { $0.hasPrefix(".synccli") }), let entry = tree.entry(at: path) else {
                    continue
                }
                result[relative.joined(separator: "/")] = entry.data.map { String(decoding: $0, as: UTF8.self) } ?? "/"
            }
            return result
        }
    }

    func modified(_ path: String, on machine: String) -> Int64? {
        world.withTree { $0.entry(at: PathKey(localRoot(machine).appending(path: path)))?.modificationNanoseconds }
    }

    /// The pair's files on the server (folders as "/"), without the engine's own files.
    var remote: [String: String] {
        var result: [String: String] = [:]
        for path in server.paths where path.hasPrefix("/sync/docs/") && !path.contains("/.synccli") {
            let name = String(path.dropFirst("/sync/docs/".count))
            result[name] = server.file(at: path).map { String(decoding: $0, as: UTF8.self) } ?? "/"
        }
        return result
    }

    /// Every file in the pair's trash on the server, by content.
    var remoteTrash: [String] {
        server.paths.filter { $0.hasPrefix("/sync/docs/.synccli-trash/") }.compactMap { server.file(at: $0) }
            .map { String(decoding: $0, as: UTF8.self) }.sorted()
    }
}

@Suite("The engine with its container on a WebDAV server (in memory, with real servers' quirks)")
struct WebDAVContainerTests {
    static let servers: [(String, WebDAVQuirks)] = [("strict", []), ("lighttpd", .lighttpd), ("rclone", .rclone)]

    @Test("two machines converge through the server; files arrive with their original times", arguments: [0, 1, 2])
    func twoMachines(_ server: Int) async throws {
        let rig = WebDAVRig(quirks: Self.servers[server].1)
        try rig.put("alpha", at: "a.txt", on: "laptop", modified: 1_600_000_000_123_456_789)
        try rig.put("beta", at: "sub/b.txt", on: "laptop")
        let first = try await rig.sync("laptop")
        #expect(first.isComplete && first.copied == 2)
        #expect(rig.remote == ["a.txt": "alpha", "sub": "/", "sub/b.txt": "beta"])
        _ = try await rig.sync("desk")
        #expect(rig.local("desk") == ["a.txt": "alpha", "sub": "/", "sub/b.txt": "beta"])
        #expect(rig.modified("a.txt", on: "desk") == 1_600_000_000_123_456_789)
        // A no-op sync on each side copies nothing.
        #expect(try await rig.sync("laptop").copied == 0)
        #expect(try await rig.sync("desk").copied == 0)
        // An edit and a deletion on the desk travel to the laptop; the old versions are in the trash.
        try rig.put("beta 2", at: "sub/b.txt", on: "desk")
        try rig.remove("a.txt", on: "desk")
        _ = try await rig.sync("desk")
        _ = try await rig.sync("laptop")
        #expect(rig.local("laptop") == ["sub": "/", "sub/b.txt": "beta 2"])
        #expect(rig.remoteTrash == ["alpha", "beta"])
    }

    @Test("edits on both machines keep both versions", arguments: [0, 1, 2])
    func conflict(_ server: Int) async throws {
        let rig = WebDAVRig(quirks: Self.servers[server].1)
        try rig.put("base", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.put("laptop's", at: "f.txt", on: "laptop")
        try rig.put("desk's longer", at: "f.txt", on: "desk")
        _ = try await rig.sync("laptop")
        let report = try await rig.sync("desk")
        #expect(report.conflicts.count == 1)
        _ = try await rig.sync("laptop")
        let everywhere = Set(rig.local("laptop").values)
        #expect(everywhere.isSuperset(of: ["laptop's", "desk's longer"]))
        #expect(rig.local("laptop") == rig.local("desk"))
        #expect(rig.local("desk").count == 2)
    }

    /// `f.txt` synced, then edited on laptop: a plan that replaces it on the server, not applied.
    func plannedReplacement(_ quirks: WebDAVQuirks) async throws -> (WebDAVRig, SyncManager, SyncPlan) {
        let rig = WebDAVRig(quirks: quirks)
        try rig.put("one", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("two", at: "f.txt", on: "laptop")
        let manager = rig.manager("laptop")
        try await manager.register(try rig.pair("laptop"))  // apply finds the pair's container there
        return (rig, manager, try await manager.plan(try rig.pair("laptop")))
    }

    @Test("a file another client rewrites on the server between plan and apply is not overwritten")
    func foreignWriteBetweenPlanAndApply() async throws {
        for (_, quirks) in Self.servers {
            let (rig, manager, plan) = try await plannedReplacement(quirks)
            rig.server.write(Data("theirs".utf8), at: "/sync/docs/f.txt")
            let report = try await manager.apply(plan)
            #expect(!report.isComplete)
            // Skipped with the reason, as a change found by a look is (where the server enforces
            // conditions, the move's If-Match finds it): not a failure.
            #expect(report.failed.isEmpty, "\(quirks): \(report.failed)")
            #expect(
                report.skipped.contains { $0.reason.contains("f.txt changed on the container side since the plan") },
                "\(quirks): \(report.skipped)")
            #expect(rig.server.file(at: "/sync/docs/f.txt") == Data("theirs".utf8))
            // The next run sees both versions and keeps both.
            _ = try await rig.sync("laptop")
            let kept = Set(rig.local("laptop").values).union(rig.remoteTrash)
            #expect(kept.isSuperset(of: ["two", "theirs"]))
        }
    }

    @Test("a file another client removes from the server between plan and apply is skipped, then synced")
    func foreignRemovalBetweenPlanAndApply() async throws {
        for (_, quirks) in Self.servers {
            let (rig, manager, plan) = try await plannedReplacement(quirks)
            let removed = try await rig.transport.send(
                HTTPRequest(.delete, try #require(URL(string: "http://dav.test/sync/docs/f.txt"))))
            #expect(removed.status == 204)
            let report = try await manager.apply(plan)
            #expect(report.failed.isEmpty, "\(quirks): \(report.failed)")
            #expect(
                report.skipped.contains { $0.reason.contains("f.txt changed on the container side since the plan") },
                "\(quirks): \(report.skipped)")
            _ = try await rig.sync("laptop")
            #expect(rig.server.file(at: "/sync/docs/f.txt") == Data("two".utf8), "\(quirks)")
        }
    }

    @Test(
        "a rename or a mode change planned for a file another client rewrites on the server before apply is skipped",
        arguments: ["rename", "mode"])
    func foreignWriteBeforeMoveOrMode(_ change: String) async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("report", at: "report.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let file = PathKey(rig.localRoot("laptop").appending(path: "report.txt"))
        try rig.world.withTree { tree in
            if change == "rename" {
                try tree.moveItem(from: file, to: PathKey(rig.localRoot("laptop").appending(path: "final.txt")))
            } else {
                try tree.setPermissions(0o600, at: file)
            }
        }
        let manager = rig.manager("laptop")
        try await manager.register(try rig.pair("laptop"))
        let plan = try await manager.plan(try rig.pair("laptop"))
        #expect(
            plan.actions.contains { $0.operation == (change == "rename" ? .move : .setPermissions) }, "\(plan.actions)")
        rig.server.write(Data("theirs".utf8), at: "/sync/docs/report.txt")
        let report = try await manager.apply(plan)
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(
            report.skipped.contains {
                $0.reason == "report.txt changed on the container side since the plan; it will be synced next run"
            },
            "\(report.skipped)")
        #expect(rig.server.file(at: "/sync/docs/report.txt") == Data("theirs".utf8))
    }

    @Test("an emptied pair folder on the server is refused, never read as everything deleted")
    func emptiedContainer() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("keep me", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = rig.server.respond(to: HTTPRequest(.delete, URL(string: "http://dav.test/sync/docs/")!), body: Data())
        await #expect(throws: SyncError.self) { try await rig.sync("laptop") }
        #expect(rig.local("laptop") == ["f.txt": "keep me"])
    }

    @Test("an unreachable server is containerUnreachable with the reason; nothing local changes")
    func unreachable() async throws {
        let rig = WebDAVRig(quirks: [])
        try rig.put("x", at: "f.txt", on: "laptop")
        rig.transport.route(nil, "/sync/*", .fail(.cannotConnect))
        rig.transport.route(nil, "/sync/", .fail(.cannotConnect))
        do {
            _ = try await rig.sync("laptop")
            Issue.record("the sync ran")
        } catch SyncError.containerUnreachable(let reason) {
            #expect(reason.contains("cannot reach the server"))
        }
        #expect(rig.local("laptop") == ["f.txt": "x"])
    }

    @Test("an unreachable server is containerUnreachable for a look at the trash too (no lock taken first)")
    func unreachableTrash() async throws {
        let rig = WebDAVRig(quirks: [])
        rig.transport.route(nil, "/sync/*", .fail(.cannotConnect))
        rig.transport.route(nil, "/sync/", .fail(.cannotConnect))
        do {
            _ = try await rig.manager("laptop").trash(of: try rig.pair("laptop"))
            Issue.record("the trash was listed")
        } catch SyncError.containerUnreachable(let reason) {
            #expect(reason.hasPrefix("http://dav.test/sync/: cannot reach the server"), "\(reason)")
        }
    }

    @Test("a server without the container's folder is containerNotAvailable; nothing local changes")
    func containerFolderGone() async throws {
        let rig = WebDAVRig(quirks: [])
        try rig.put("keep me", at: "f.txt", on: "laptop")
        _ = rig.server.respond(to: HTTPRequest(.delete, URL(string: "http://dav.test/sync/")!), body: Data())
        await #expect(throws: SyncError.containerNotAvailable) { try await rig.sync("laptop") }
        #expect(rig.local("laptop") == ["f.txt": "keep me"])
    }

    @Test("a server that ignores conditional writes is named once in the report's warnings")
    func ignoredConditions() async throws {
        let rig = WebDAVRig(quirks: .rclone)
        try rig.put("x", at: "f.txt", on: "laptop")
        let report = try await rig.sync("laptop")
        #expect(report.warnings.filter { $0.contains("ignores conditional writes") }.count == 1)
        let strict = WebDAVRig(quirks: [])
        try strict.put("x", at: "f.txt", on: "laptop")
        #expect(try await strict.sync("laptop").warnings.allSatisfy { !$0.contains("conditional") })
    }

    @Test("a pair whose container is a server keeps its URL in the pair list")
    func pairListKeepsURL() async throws {
        let rig = WebDAVRig(quirks: [])
        let manager = rig.manager("laptop")
        try await manager.register(try rig.pair("laptop"))
        #expect(try await manager.pairs().first?.container == rig.container)
    }

    /// Takes the pair's lock on the server as the desk, and expects the laptop's sync to be
    /// refused as locked, naming the desk.
    /// - Returns: the desk's lock, for the test to release.
    func expectRefusedAsLocked(_ rig: WebDAVRig) async throws -> any SideLockHolding {
        let other = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.container) as? any SideLocking)
        let held = try other.lock("docs", holder: "desk (pid 7)", machine: "desk")
        do {
            _ = try await rig.sync("laptop")
            Issue.record("the sync ran while another machine held the lock")
        } catch SyncError.pairLocked(let holder) {
            #expect(holder.contains("desk (pid 7)"))
        }
        return held
    }

    @Test("another machine holding the container's lock refuses the sync (pairLocked, naming it); released, it runs")
    func containerLock() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        let held = try await expectRefusedAsLocked(rig)
        #expect(rig.remote.isEmpty)
        held.release()
        #expect(try await rig.sync("laptop").copied == 1)
        #expect(!rig.server.paths.contains { $0.contains(".synccli-lock") }, "the sync gives its lock back")
    }

    @Test("a no-op run while another machine holds the container's lock is refused (pairLocked, naming it)")
    func noOpWhileLocked() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let held = try await expectRefusedAsLocked(rig)
        held.release()
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(!rig.transport.requests.contains { $0.method == .put }, "released, the no-op takes no lock")
    }

    @Test("a no-op run takes over the lock this machine's killed sync left, and gives it back")
    func noOpTakesOverOwnLock() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let own = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.container) as? any SideLocking)
        _ = try own.lock("docs", holder: "laptop (pid 1, killed)", machine: "laptop")  // never released
        #expect(rig.server.paths.contains("/sync/.synccli-lock-docs"))
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "taken over, then given back")
    }

    @Test(
        "a no-op run that finds a temporary file an interrupted sync left in the container takes the lock to remove it"
    )
    func noOpRemovesLeftoverUnderLock() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let pairRoot = rig.container.appending(path: "docs", directoryHint: .isDirectory)
        let leftover = "/sync/docs/" + StagedCopy.temporaryName(in: pairRoot, random: 42)
        rig.server.write(Data("half".utf8), at: leftover)
        rig.transport.reset()
        #expect(try await rig.sync("laptop").done.isEmpty)
        #expect(!rig.server.paths.contains(leftover), "removed")
        let sent = rig.transport.requests.map { "\($0.method) \($0.url.path())" }
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let removed = try #require(sent.firstIndex(of: "DELETE \(leftover)"))
        #expect(locked < removed, "under the lock: \(sent)")
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "the lock given back")
    }

    @Test(
        "a plan that fails while the container's lock is taken gives the lock back and says why it failed",
        arguments: [false, true])
    func planFailsUnderLock(_ beforeReads: Bool) async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        let root = rig.localRoot("laptop")
        rig.transport.reset()
        if beforeReads {
            // The ignore rules are read before the scans start: a folder in their place fails there.
            try rig.world.withTree { try $0.makeDirectory(at: PathKey(root.appending(path: ".synccliignore"))) }
        } else {
            // The markers are checked after the lock is held: an emptied folder fails there.
            try rig.world.withTree { try $0.removeItem(at: PathKey(root.appending(path: ".synccli-root"))) }
        }
        do {
            _ = try await rig.sync("laptop")
            Issue.record("the sync ran")
        } catch let error as SyncError {
            if case .pairLocked = error { Issue.record("refused as locked: \(error)") }
            if beforeReads {
                #expect("\(error)".contains(".synccliignore"), "\(error)")
            } else {
                #expect(error == .rootMarkerMissing(side: .local, path: root.path(percentEncoded: false)))
            }
        }
        #expect(rig.transport.requests.contains { $0.method == .put && $0.url.path() == "/sync/.synccli-lock-docs" })
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "the lock given back")
        #expect(rig.remote == ["f.txt": "x"])
    }

    @Test(
        "once the container's lock is refused, the plan's scans enter no more folders: a held pair is refused at once")
    func refusedLockStopsScans() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        for index in 0..<4 { try rig.put("x", at: "d\(index)/deeper/f.txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        #expect(rig.remote["d3/deeper/f.txt"] == "x")
        let manager = rig.manager("laptop")
        let held = SyncError.pairLocked(holder: "desk (pid 7)")
        let refused = InFlight<any SideLockHolding> { throw held }
        _ = refused.outcome()  // refused before the plan's first read
        rig.transport.reset()
        let pair = try rig.pair("laptop")
        await #expect(throws: held) {
            try await manager.makePlan(pair, options: SyncOptions(), whileLocking: .taking(refused))
        }
        let listed = rig.transport.requests.filter { $0.method == .propfind && $0.headers["Depth"] == "1" }
        #expect(listed.map { $0.url.path() } == ["/sync/docs/"], "the pair's own listing, no folder of it")
    }

    @Test("once a look at the container's lock finds one, the plan's scans enter no more folders")
    func foundLockStopsScans() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        for index in 0..<4 { try rig.put("x", at: "d\(index)/deeper/f.txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        let manager = rig.manager("laptop")
        let found = InFlight<(any SideLockHolding)?> { throw ContainerLockFound() }
        _ = found.outcome()  // found before the plan's first read
        rig.transport.reset()
        let pair = try rig.pair("laptop")
        await #expect(throws: ContainerLockFound.self) {
            try await manager.makePlan(pair, options: SyncOptions(), whileLocking: .looking(found, WriteForecast()))
        }
        let listed = rig.transport.requests.filter { $0.method == .propfind && $0.headers["Depth"] == "1" }
        #expect(listed.map { $0.url.path() } == ["/sync/docs/"], "the pair's own listing, no folder of it")
    }

    @Test("a pair another machine holds is refused as held even when its plan would fail too")
    func heldBeatsPlanFailure() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("x", at: "f.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.world.withTree { try $0.removeItem(at: PathKey(rig.localRoot("laptop"))) }
        let other = try #require(
            try WebDAVSides(transport: rig.transport).openSide(at: rig.container) as? any SideLocking)
        let held = try other.lock("docs", holder: "desk (pid 7)", machine: "desk")
        defer { held.release() }
        do {
            _ = try await rig.sync("laptop")
            Issue.record("the sync ran while another machine held the lock")
        } catch SyncError.pairLocked(let holder) {
            #expect(holder.contains("desk (pid 7)"))
        }
        #expect(rig.server.paths.contains("/sync/.synccli-lock-docs"), "the other machine's lock stays")
    }

    @Test(
        "a folder and a file renamed on one machine arrive as renames on the other, within the delete limit",
        arguments: [0, 1, 2])
    func renamesTravel(_ server: Int) async throws {
        let rig = WebDAVRig(quirks: Self.servers[server].1)
        for index in 0..<6 { try rig.put("file \(index)", at: "old/f\(index).txt", on: "laptop") }
        try rig.put("report", at: "report.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.world.withTree { tree in
            try tree.moveItem(
                from: PathKey(rig.localRoot("laptop").appending(path: "old")),
                to: PathKey(rig.localRoot("laptop").appending(path: "new")))
            try tree.moveItem(
                from: PathKey(rig.localRoot("laptop").appending(path: "report.txt")),
                to: PathKey(rig.localRoot("laptop").appending(path: "report-2026.txt")))
        }
        let up = try await rig.sync("laptop")
        #expect(up.moved == 2 && up.copied == 0, "\(up)")
        let down = try await rig.sync("desk")
        #expect(down.moved == 2 && down.copied == 0 && down.deleted == 0, "\(down)")
        #expect(rig.local("desk") == rig.local("laptop"))
        #expect(rig.local("desk")["new/f3.txt"] == "file 3" && rig.local("desk")["report-2026.txt"] == "report")
        #expect(rig.remoteTrash.isEmpty)
    }

    @Test(
        "a full server (507), a file too large (413) or a locked one (423): that path fails with the reason, the rest syncs, the next run finishes",
        arguments: [(507, "no space left"), (413, "too large"), (423, "locked on the server")])
    func serverRefusesOnePath(_ status: Int, _ words: String) async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("small", at: "ok.txt", on: "laptop")
        try rig.put("refused", at: "big.bin", on: "laptop")
        _ = try await rig.sync("laptop")  // the pair folder and its marker exist from here on
        try rig.put("edit", at: "ok.txt", on: "laptop")
        try rig.put("refused 2", at: "big.bin", on: "laptop")
        // The first upload is refused (copies are staged in path order: big.bin's); a 423 each of
        // the three times it is tried (a lock held a moment is waited out).
        rig.transport.route(
            .put, "/sync/docs/.synccli-tmp-*", .respond(status: status), times: .count(status == 423 ? 3 : 1))
        let report = try await rig.sync("laptop")
        #expect(report.failed.count == 1 && report.failed[0].action.path.text == "big.bin", "\(report.failed)")
        #expect(report.failed.first?.reason.contains(words) == true, "\(report.failed)")
        // The replaced version went to the trash before the upload was refused (the engine trashes,
        // then stages): it is kept there, and the next run puts the new one in place.
        #expect(rig.remote["ok.txt"] == "edit")
        #expect(rig.remoteTrash.contains("refused"))
        #expect(try await rig.sync("laptop").failed.isEmpty)
        #expect(rig.remote["big.bin"] == "refused 2")
        #expect(Set(rig.remoteTrash).isSuperset(of: ["small", "refused"]))
    }
}

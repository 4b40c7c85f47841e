import Foundation
import Testing

/// `synccli watch` end to end: the built binary on real inotify, two simulated machines sharing
/// a container folder. The tests wait for files that must appear; the 2-minute deadline only turns
/// a broken watch into a failure, it never decides a result.
@Suite("synccli watch end to end")
struct WatchEndToEndTests {
    let world: World
    let alpha: Machine
    let beta: Machine
    let alphaDocs: URL
    let betaDocs: URL

    init() throws {
        world = try World()
        alpha = try Machine("alpha", in: world.root)
        beta = try Machine("beta", in: world.root)
        alphaDocs = try alpha.folder("docs")
        betaDocs = try beta.folder("docs")
    }

    var pairRoot: URL { world.container.appending(path: "docs") }

    /// Starts `synccli watch` as `machine` on its docs, its log in the world's folder, and waits
    /// for its first sync to end.
    func watch(_ machine: Machine, _ extra: [String] = []) async throws -> Process {
        let process = Process()
        process.executableURL = try CLI.requireBinary()
        let docs = machine.name == "alpha" ? alphaDocs : betaDocs
        process.arguments = ["watch", docs.path, "--container", world.container.path] + extra
        process.environment = machine.environment
        let log = world.root.appending(path: "watch-\(machine.name)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try await waitUntil("\(machine.name)'s first sync") { read(log)?.contains("docs: synced") == true }
        return process
    }

    /// Waits until `condition` holds; fails the test (and throws) if it does not within 2 minutes.
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                for log
                    in (try? FileManager.default.contentsOfDirectory(at: world.root, includingPropertiesForKeys: nil))
                    ?? []
                where log.pathExtension == "log" {
                    print(log.lastPathComponent, read(log) ?? "")
                }
                // What each side holds, synccli's own files too, so a failure tells where it stuck.
                for (name, folder) in [("alpha", alphaDocs), ("beta", betaDocs), ("container", pairRoot)] {
                    for (path, bytes) in World.files(in: folder, includingOwn: true).sorted(by: { $0.key < $1.key }) {
                        let text = String(decoding: bytes.prefix(64), as: UTF8.self)
                        print("\(name): \(path) (\(bytes.count) bytes): \(text)")
                    }
                }
                Issue.record("timed out waiting for \(what)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends SIGTERM and returns the exit status (a signal death fails the test).
    func terminate(_ process: Process) -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        return process.terminationStatus
    }

    func leftovers() -> [String] {
        [alphaDocs, betaDocs, pairRoot].flatMap { World.files(in: $0, includingOwn: true).keys }
            .filter { $0.contains(".synccli-tmp-") }
    }

    @Test("a file saved on A reaches the container and then B's watch within its interval; SIGTERM exits 0, clean")
    func twoMachines() async throws {
        try write("first", to: alphaDocs.appending(path: "a.txt"))
        #expect(try CLI.run(["sync", alphaDocs.path, "--container", world.container.path], as: alpha).code == 0)
        #expect(try CLI.run(["sync", betaDocs.path, "--container", world.container.path], as: beta).code == 0)
        let watchA = try await watch(alpha)
        let watchB = try await watch(beta, ["--interval", "1"])
        defer {
            for process in [watchA, watchB] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let saved = ContinuousClock.now
        try write("from alpha", to: alphaDocs.appending(path: "notes/new.txt"))
        try await waitUntil("the container to receive new.txt") {
            read(pairRoot.appending(path: "notes/new.txt")) == "from alpha"
        }
        let inContainer = ContinuousClock.now - saved
        try await waitUntil("B to receive new.txt") { read(betaDocs.appending(path: "notes/new.txt")) == "from alpha" }
        let onB = ContinuousClock.now - saved
        try write("from beta", to: betaDocs.appending(path: "b.txt"))
        try await waitUntil("A to receive b.txt") { read(alphaDocs.appending(path: "b.txt")) == "from beta" }
        #expect(terminate(watchA) == 0)
        #expect(terminate(watchB) == 0)
        #expect(leftovers().isEmpty, "\(leftovers())")
        #expect(World.files(in: alphaDocs) == World.files(in: betaDocs))
        print("watch: saved on A, in the container after \(inContainer), on B after \(onB)")
    }

    @Test("kill -9 of a watcher mid-run, then a restart: converges, nothing lost, nothing left over")
    func killNine() async throws {
        #expect(try CLI.run(["sync", alphaDocs.path, "--container", world.container.path], as: alpha).code == 0)
        let first = try await watch(alpha)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        for index in 0..<300 {
            try write(
                "file \(index) " + String(repeating: "x", count: 4096),
                to: alphaDocs.appending(path: "d\(index % 10)/f\(index).txt"))
        }
        try await waitUntil("the first copies to reach the container") {
            FileManager.default.fileExists(atPath: pairRoot.appending(path: "d0").path)
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let expected = World.files(in: alphaDocs)
        let second = try await watch(alpha)
        defer { if second.isRunning { kill(second.processIdentifier, SIGKILL) } }
        try await waitUntil("the restarted watch to converge") { World.files(in: pairRoot) == expected }
        try await waitUntil("the staged copies to be removed") { leftovers().isEmpty }
        #expect(terminate(second) == 0)
        #expect(World.files(in: alphaDocs) == expected)
    }

    /// The watch log of `process`'s machine, found by the name `watch(_:_:)` gave it.
    func log(of machine: Machine) -> String {
        let logs = (try? FileManager.default.contentsOfDirectory(at: world.root, includingPropertiesForKeys: nil)) ?? []
        return logs.filter { $0.lastPathComponent.hasPrefix("watch-\(machine.name)-") }.compactMap(read).joined()
    }

    @Test("the same file changed on both machines while both watch: both versions kept on both, nothing lost")
    func conflict() async throws {
        try write("v1", to: alphaDocs.appending(path: "plan.txt"))
        #expect(try CLI.run(["sync", alphaDocs.path, "--container", world.container.path], as: alpha).code == 0)
        #expect(try CLI.run(["sync", betaDocs.path, "--container", world.container.path], as: beta).code == 0)
        let watchA = try await watch(alpha, ["--interval", "1"])
        let watchB = try await watch(beta, ["--interval", "1"])
        defer {
            for process in [watchA, watchB] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        try write("alpha's edit", to: alphaDocs.appending(path: "plan.txt"))
        try write("beta's edit", to: betaDocs.appending(path: "plan.txt"))
        // Whichever machine syncs first, both end with both versions: one under the name, the
        // other as a conflict copy.
        try await waitUntil("both machines to hold both versions") {
            let (onA, onB) = (World.files(in: alphaDocs), World.files(in: betaDocs))
            let versions = Set(onA.values.map { String(decoding: $0, as: UTF8.self) })
            return onA == onB && onA.count == 2 && versions == ["alpha's edit", "beta's edit"]
        }
        #expect(World.files(in: alphaDocs).keys.contains { $0.hasPrefix("plan (conflict ") })
        #expect(terminate(watchA) == 0)
        #expect(terminate(watchB) == 0)
        #expect(leftovers().isEmpty, "\(leftovers())")
    }

    @Test("the container goes away (an unmounted drive) and comes back: waited for, nothing deleted, then synced")
    func containerAwayAndBack() async throws {
        try write("kept", to: alphaDocs.appending(path: "kept.txt"))
        #expect(try CLI.run(["sync", alphaDocs.path, "--container", world.container.path], as: alpha).code == 0)
        let watchA = try await watch(alpha)
        defer { if watchA.isRunning { kill(watchA.processIdentifier, SIGKILL) } }
        let away = world.root.appending(path: "unmounted")
        try FileManager.default.moveItem(at: world.container, to: away)
        try write("while away", to: alphaDocs.appending(path: "later.txt"))
        try await waitUntil("the watch to find the container gone") {
            log(of: alpha).contains("docs: container unavailable")
        }
        #expect(read(alphaDocs.appending(path: "kept.txt")) == "kept")
        #expect(read(away.appending(path: "docs/kept.txt")) == "kept")
        try FileManager.default.moveItem(at: away, to: world.container)
        try await waitUntil("the container to receive the file saved while it was away") {
            read(pairRoot.appending(path: "later.txt")) == "while away"
        }
        #expect(World.files(in: pairRoot) == World.files(in: alphaDocs))
        #expect(terminate(watchA) == 0)
        #expect(leftovers().isEmpty, "\(leftovers())")
    }

    @Test("a burst of 1,000 writes is synced whole, in a few syncs rather than one per write")
    func burst() async throws {
        #expect(try CLI.run(["sync", alphaDocs.path, "--container", world.container.path], as: alpha).code == 0)
        let watchA = try await watch(alpha)
        defer { if watchA.isRunning { kill(watchA.processIdentifier, SIGKILL) } }
        for index in 0..<1_000 {
            try write("burst \(index)", to: alphaDocs.appending(path: "b\(index % 20)/f\(index).txt"))
        }
        let expected = World.files(in: alphaDocs)
        #expect(expected.count == 1_000)
        try await waitUntil("the container to hold the whole burst") { World.files(in: pairRoot) == expected }
        #expect(terminate(watchA) == 0)
        // The log has one "docs: synced" line per sync that changed something: the first, then
        // the burst's.
        let syncs = log(of: alpha).components(separatedBy: "docs: synced").count - 1
        #expect(syncs >= 2 && syncs <= 10, "\(syncs) syncs for 1,000 writes:\n\(log(of: alpha))")
    }
}

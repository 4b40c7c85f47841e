import Foundation
import InMemorySupport
import Testing
import WatchMock

@testable import SyncCLICore

/// `synccli watch` over the Mocks: the engine on a Mock world, `MockFolderWatching` on the same
/// world and a `MockWatchClock`, so every time below is exact; the test waits only for lines
/// that must come. No time limit: the end-to-end suites of the same run wait for child processes
/// on the test runner's threads (two on two cores), which can hold these tests back for minutes;
/// a hang still fails, when `scripts/test-all` stops the package's tests.
@Suite("synccli watch, over the Mocks")
struct WatchCommandTests {
    @Test("a burst of writes is one sync, the debounce after the last; then nothing until the interval; stop exits 0")
    func burst() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        try scene.rig.put("a", at: "a.txt", in: docs)
        let run = scene.start(["watch", docs.path, "-v"])
        await scene.streams.wait(for: "docs: synced")
        #expect(scene.rig.read("docs/a.txt", in: scene.rig.container) == "a")
        for step in 0..<10 {
            scene.clock.advance(to: .seconds(10) + .milliseconds(step * 100))
            try scene.write("b\(step)", at: "b\(step).txt", in: docs)
        }
        scene.clock.advance(to: .seconds(12.899))
        #expect(scene.streams.occurrences(of: "sync started (change)") == 0)
        scene.clock.advance(to: .seconds(12.9))
        #expect(scene.streams.occurrences(of: "docs: sync started (change)") == 1)
        await scene.streams.wait(for: "docs: synced", occurrences: 2)
        for step in 0..<10 { #expect(scene.rig.read("docs/b\(step).txt", in: scene.rig.container) == "b\(step)") }
        scene.clock.advance(to: .seconds(72.8))
        #expect(scene.streams.occurrences(of: "sync started") == 2)
        scene.clock.advance(to: .seconds(72.9))
        #expect(scene.streams.occurrences(of: "docs: sync started (interval)") == 1)
        await scene.streams.wait(for: "docs: synced", occurrences: 3)
        scene.stop.fire()
        #expect(await run.value == .success)
        #expect(scene.streams.output.hasSuffix(" stopped\n"), "\(scene.streams.output)")
        #expect(scene.streams.error.isEmpty)
        #expect(scene.watching.activeRoots.isEmpty)
        #expect(scene.clock.pendingDeadlines.isEmpty)
    }

    @Test("a container moved away while watching is seen at the next sync (each sync opens the roots afresh)")
    func containerLeaves() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        try scene.rig.put("a", at: "a.txt", in: docs)
        let run = scene.start(["watch", docs.path, "--interval", "10"])
        await scene.streams.wait(for: "docs: synced")
        try scene.rig.world.withTree { try $0.moveItem(from: PathKey(path: "/container"), to: PathKey(path: "/away")) }
        try scene.write("b", at: "b.txt", in: docs)
        scene.clock.advance(to: .seconds(2))
        await scene.streams.wait(for: "docs: container unavailable")
        #expect(scene.rig.read("docs/b.txt", in: URL(filePath: "/away")) == nil)
        #expect(scene.rig.read("b.txt", in: docs) == "b")
        scene.stop.fire()
        #expect(await run.value == .success)
    }

    @Test("a container that is away is waited for with backoff, nothing is read as deleted, and it resumes")
    func containerAway() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        try scene.rig.put("a", at: "a.txt", in: docs)
        #expect(await scene.rig.run(["sync", docs.path]).code == .success)
        try scene.rig.world.withTree { try $0.moveItem(from: PathKey(path: "/container"), to: PathKey(path: "/away")) }
        let run = scene.start(["watch", "-v"])
        await scene.streams.wait(for: "docs: container unavailable")
        scene.clock.advance(to: .seconds(4.9))
        #expect(scene.streams.occurrences(of: "sync started (retry)") == 0)
        scene.clock.advance(to: .seconds(5))
        #expect(scene.streams.occurrences(of: "docs: sync started (retry)") == 1)
        await scene.streams.wait(for: "docs: container unavailable", occurrences: 2)
        #expect(scene.rig.read("a.txt", in: docs) == "a")
        try scene.rig.world.withTree { try $0.moveItem(from: PathKey(path: "/away"), to: PathKey(path: "/container")) }
        scene.clock.advance(to: .seconds(14.9))
        #expect(scene.streams.occurrences(of: "sync started (retry)") == 1)
        scene.clock.advance(to: .seconds(15))
        await scene.streams.wait(for: "docs: synced")
        #expect(scene.rig.read("a.txt", in: docs) == "a")
        #expect(scene.rig.read("docs/a.txt", in: scene.rig.container) == "a")
        #expect(!scene.streams.output.contains("delet"))
        scene.stop.fire()
        #expect(await run.value == .success)
    }

    @Test("quiet shows only what went wrong, and says when a pair has not synced for three intervals")
    func stalled() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        #expect(await scene.rig.run(["sync", docs.path]).code == .success)
        try scene.rig.world.withTree { try $0.moveItem(from: PathKey(path: "/container"), to: PathKey(path: "/away")) }
        let run = scene.start(["watch", "--interval", "10", "-q"])
        await scene.streams.wait(for: "docs: container unavailable")
        scene.clock.advance(to: .seconds(5))
        await scene.streams.wait(for: "docs: container unavailable", occurrences: 2)
        scene.clock.advance(to: .seconds(15))
        await scene.streams.wait(for: "docs: container unavailable", occurrences: 3)
        #expect(scene.streams.occurrences(of: "not synced for") == 0)
        scene.clock.advance(to: .seconds(35))
        await scene.streams.wait(for: "docs: not synced for 35 seconds: container unavailable: ")
        let lines = scene.streams.output.split(separator: "\n")
        // The container's folder cannot be watched while it is away: said once, synced at the interval.
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.first?.contains(" docs: cannot watch /container/docs/ ") == true)
        #expect(lines.allSatisfy { $0.contains(" docs: ") })
        scene.stop.fire()
        #expect(await run.value == .success)
        #expect(scene.streams.output.split(separator: "\n").count == 5)
    }

    @Test("a change in the container's folder syncs the pair; synccli's own files there do not")
    func containerChange() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        let run = scene.start(["watch", docs.path, "-v"])
        await scene.streams.wait(for: "docs: synced")
        #expect(scene.watching.activeRoots.map(\.path) == ["/machines/laptop/docs", "/container/docs"])
        scene.clock.advance(to: .seconds(10))
        try scene.write("lock", at: ".synccli-lock", in: scene.rig.container.appending(path: "docs"))
        scene.clock.advance(to: .seconds(20))
        #expect(scene.streams.occurrences(of: "sync started (change)") == 0)
        try scene.write("from elsewhere", at: "c.txt", in: scene.rig.container.appending(path: "docs"))
        scene.clock.advance(to: .seconds(22))
        #expect(scene.streams.occurrences(of: "docs: sync started (change)") == 1)
        await scene.streams.wait(for: "docs: synced", occurrences: 2)
        #expect(scene.rig.read("c.txt", in: docs) == "from elsewhere")
        scene.stop.fire()
        #expect(await run.value == .success)
    }

    @Test("--json gives one JSON object per line, one per sync")
    func json() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        let run = scene.start(["watch", docs.path, "--json"])
        await scene.streams.wait(for: "\"outcome\":\"synced\"")
        try scene.write("b", at: "b.txt", in: docs)
        scene.clock.advance(to: .seconds(2))
        await scene.streams.wait(for: "\"outcome\":\"synced\"", occurrences: 2)
        scene.stop.fire()
        #expect(await run.value == .success)
        let lines = scene.streams.output.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            #expect(try Schemas.named("watch").problems(in: String(line)) == [])
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["pair"] as? String == "docs" && object?["outcome"] as? String == "synced")
            #expect(object?["reason"] == nil && object?["time"] is String)
        }
    }

    @Test("--json: a sync that did not complete has its reason, and its stall once over three intervals")
    func jsonStalled() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        #expect(await scene.rig.run(["sync", docs.path]).code == .success)
        try scene.rig.world.withTree { try $0.moveItem(from: PathKey(path: "/container"), to: PathKey(path: "/away")) }
        let run = scene.start(["watch", "--interval", "1", "--json"])
        await scene.streams.wait(for: "\"outcome\":\"containerUnavailable\"")
        scene.clock.advance(to: .seconds(5))
        await scene.streams.wait(for: "\"outcome\":\"containerUnavailable\"", occurrences: 2)
        #expect(scene.streams.error.contains("synccli: docs: cannot watch /container/docs/"))
        scene.stop.fire()
        #expect(await run.value == .success)
        let lines = scene.streams.output.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines { #expect(try Schemas.named("watch").problems(in: String(line)) == []) }
        #expect(!lines[0].contains("stalledSeconds") && lines[1].contains("\"stalledSeconds\":5"))
        #expect(lines[1].contains("\"reason\":\"the container is not available: mount it, or configure another one\""))
    }

    @Test("with no pairs, watch refuses with one line and watches nothing")
    func noPairs() async throws {
        let scene = try WatchRig()
        let run = scene.start(["watch"])
        #expect(await run.value == .refused)
        #expect(scene.streams.error == "synccli: no pairs to watch: run synccli sync <folder> to start one\n")
        #expect(scene.watching.calls.isEmpty)
    }

    @Test(
        "a bad --interval is a usage error on one line",
        arguments: [["--interval", "0"], ["--interval", "ten"], ["--interval", "86401"], ["--interval=1.5"]])
    func badInterval(extra: [String]) async throws {
        let rig = try CLIRig()
        let result = await rig.run(["watch"] + extra)
        #expect(result.code == .usage)
        #expect(result.errorLines.first?.contains("--interval must be a whole number of seconds") == true)
    }

    @Test("a stop before the first sync ends still lets it finish, then exits 0")
    func stopDuringStartup() async throws {
        let scene = try WatchRig()
        let docs = scene.rig.docs()
        scene.stop.fire()
        let run = scene.start(["watch", docs.path])
        #expect(await run.value == .success)
        #expect(scene.watching.activeRoots.isEmpty)
        #expect(scene.clock.pendingDeadlines.isEmpty)
    }
}

import Foundation
import InMemorySupport
import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli status says when a pair has stalled, over the Mocks")
struct StalledStatusTests {
    let rig: CLIRig
    let docs: URL

    init() throws {
        rig = try CLIRig()
        docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
    }

    /// Runs `synccli <arguments>` with the command's clock reading `now`.
    func run(_ arguments: [String], at now: Date) async -> CLIRig.Run {
        let streams = RecordingStreams()
        let code = await SyncCLI.run(arguments, streams: streams) { _, _ in
            var services = rig.services("laptop", streams: streams, containers: FakeContainers(inForce: rig.container))
            services.clock = FixedTime(date: now)
            return services
        }
        return CLIRig.Run(code: code, out: streams.output, err: streams.error)
    }

    /// Syncs once, then makes the next sync fail with the container away; returns when the good one completed.
    func syncThenLoseContainer() async throws -> Date {
        #expect(await rig.run(["sync", docs.path]).code == .success)
        let pair = try SyncPair(name: "docs", localRoot: docs, container: rig.container)
        let completed = try #require(await rig.manager("laptop").history(of: pair).lastCompleted)
        try rig.world.withTree { try $0.moveItem(from: PathKey(path: "/container"), to: PathKey(path: "/away")) }
        #expect(await rig.run(["sync", docs.path]).code == .containerUnavailable)
        return completed
    }

    @Test("two hours after the last completed sync, with the latest failing, status says so first, and why")
    func stalled() async throws {
        let completed = try await syncThenLoseContainer()
        let result = await run(["status", docs.path], at: completed.addingTimeInterval(2 * 3600 + 5))
        #expect(result.code == .containerUnavailable)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "docs: not synced for 2 hours: the container is not available: mount it, or configure another one (last tried "
            ) == true, "\(result.out)")
    }

    @Test("within the hour, or once a sync completed again, status says nothing of it")
    func notStalled() async throws {
        let completed = try await syncThenLoseContainer()
        #expect(await run(["status", docs.path], at: completed.addingTimeInterval(3599)).out.isEmpty)
        try rig.world.withTree { try $0.moveItem(from: PathKey(path: "/away"), to: PathKey(path: "/container")) }
        #expect(await rig.run(["sync", docs.path]).code == .success)
        let later = await run(["status", docs.path, "--json"], at: completed.addingTimeInterval(5 * 3600))
        #expect(!later.out.contains("not synced for"))
        #expect(try Schemas.named("status").problems(in: later.out) == [])
        let decoded = try JSONSerialization.jsonObject(with: Data(later.out.utf8)) as? [String: Any]
        let pair = (decoded?["pairs"] as? [[String: Any]])?.first
        #expect(pair?["lastCompleted"] is String && pair?["lastFailure"] == nil)
    }
}

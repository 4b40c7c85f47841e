import Foundation
import InMemorySupport
import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli plan and apply, over the Mocks")
struct PlanApplyCommandTests {
    let rig: CLIRig
    let planFile = URL(filePath: "/machines/laptop/plan.json")

    init() throws { rig = try CLIRig() }

    @Test("plan prints the plan as JSON on standard output and changes nothing")
    func planToOutput() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let result = await rig.run(["plan", docs.path])
        #expect(result.code == .success, "\(result.err)")
        let plan = try SyncPlan.decode(Data(result.out.utf8))
        #expect(plan.pair == "docs" && plan.actions.count == 1 && plan.isFirstSync)
        #expect(rig.read("docs/a.txt", in: rig.container) == nil)
    }

    @Test("plan --out writes the file and says how to apply it; apply carries it out")
    func planThenApply() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let planned = await rig.run(["plan", docs.path, "--out", planFile.path])
        #expect(planned.code == .success, "\(planned.err)")
        #expect(planned.out.contains("docs: 1 change planned (first sync)"))
        #expect(planned.out.contains("plan written to \(planFile.path); run synccli apply \(planFile.path)"))
        #expect(rig.read("plan.json", in: URL(filePath: "/machines/laptop")) != nil)

        let applied = await rig.run(["apply", planFile.path, "--json"])
        #expect(applied.code == .success, "\(applied.err)")
        let document = try JSONSerialization.jsonObject(with: Data(applied.out.utf8)) as? [String: Any]
        let counts = (document?["report"] as? [String: Any])?["counts"] as? [String: Any]
        #expect(counts?["copied"] as? Int == 1, "\(applied.out)")
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
        #expect(await rig.run(["status", docs.path]).out.contains("in sync"))
    }

    @Test("apply keeps the container the pair syncs with, so a later sync of every pair goes there too")
    func applyKeepsTheContainer() async throws {
        let docs = rig.docs()
        let own = URL(filePath: "/elsewhere", directoryHint: .isDirectory)
        try rig.world.withTree { try $0.makeDirectory(at: PathKey(own), intermediate: true) }
        try rig.put("a", at: "a.txt", in: docs)
        #expect(await rig.run(["sync", docs.path, "--container", own.path]).code == .success)
        try rig.put("b", at: "b.txt", in: docs)
        #expect(await rig.run(["plan", docs.path, "--out", planFile.path]).code == .success)
        let applied = await rig.run(["apply", planFile.path])
        #expect(applied.code == .success, "\(applied.err)")
        #expect(rig.read("docs/b.txt", in: own) == "b")
        let pairs = await rig.run(["pairs", "--json"])
        #expect(pairs.out.contains("/elsewhere"), "\(pairs.out)")
        try rig.put("c", at: "c.txt", in: docs)
        #expect(await rig.run(["sync"]).code == .success)
        #expect(rig.read("docs/c.txt", in: own) == "c")
        #expect(rig.read("docs/c.txt", in: rig.container) == nil)
    }

    @Test("plan --out --json prints the plan's summary as JSON")
    func planSummary() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let result = await rig.run(["plan", docs.path, "--out", planFile.path, "--json"])
        #expect(result.code == .success, "\(result.err)")
        let summary = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(summary?["pair"] as? String == "docs" && summary?["changes"] as? Int == 1)
        #expect(summary?["planFile"] as? String == planFile.path && summary?["firstSync"] as? Bool == true)
    }

    @Test("plan -q --out writes the plan and prints nothing")
    func quietPlan() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let result = await rig.run(["plan", docs.path, "-q", "--out", planFile.path])
        #expect(result.code == .success && result.out.isEmpty && result.err.isEmpty)
    }

    @Test("a plan that cannot be written is exit 1 naming the file")
    func unwritable() async throws {
        let docs = rig.docs()
        let result = await rig.run(["plan", docs.path, "--out", "/no/such/folder/plan.json"])
        #expect(result.code == .partial)
        #expect(
            result.errorLines.count == 1 && result.err.contains("cannot write the plan to /no/such/folder/plan.json"))
    }

    @Test("apply of a missing file or of something not a plan is exit 2, one line")
    func badPlanFile() async throws {
        let missing = await rig.run(["apply", "/machines/laptop/none.json"])
        #expect(missing.code == .usage && missing.errorLines.count == 1)
        #expect(missing.err.contains("cannot read the plan file /machines/laptop/none.json"))
        try rig.put("{\"hello\": 1}", at: "plan.json", in: URL(filePath: "/machines/laptop"))
        let garbage = await rig.run(["apply", planFile.path])
        #expect(garbage.code == .usage)
        #expect(garbage.errorLines == ["synccli: \(planFile.path) is not a synccli plan"])
    }

    @Test("a plan applied after the pair synced again is refused as out of date (exit 1)")
    func outdated() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        #expect(await rig.run(["plan", docs.path, "--out", planFile.path]).code == .success)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        let result = await rig.run(["apply", planFile.path])
        #expect(result.code == .partial && result.err.contains("out of date"), "\(result.err)")
    }

    @Test("apply with no container is exit 4")
    func noContainer() async throws {
        let result = await rig.run(["apply", planFile.path], containers: FakeContainers(inForce: nil))
        #expect(result.code == .containerUnavailable && result.err.contains("not available"))
    }
}

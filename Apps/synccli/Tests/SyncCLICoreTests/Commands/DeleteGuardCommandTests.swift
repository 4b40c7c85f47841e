import Foundation
import SyncEngine
import Testing

@testable import SyncCLICore

/// The delete guard as the commands show it: previews of a refused sync, the refusal naming the
/// `--max-delete` that allows it, and an approval carried out on another machine.
@Suite("synccli and the delete guard, over the Mocks")
struct DeleteGuardCommandTests {
    let rig: CLIRig
    let refusedLine =
        "synccli: the sync is refused: it deletes 5 of 6 files on the container side, more than the limit of 50%; "
        + "allow it with --max-delete 84"
    let previewLine =
        "the sync would be refused: it deletes 5 of 6 files on the container side, more than the limit of 50%; "
        + "allow it with --max-delete 84"

    init() throws { rig = try CLIRig() }

    /// The laptop synced six files, then deleted five of them.
    func fiveOfSixDeleted() async throws -> URL {
        let docs = rig.docs()
        for name in ["a", "b", "c", "d", "e", "f"] { try rig.put(name, at: "\(name).txt", in: docs) }
        #expect(await rig.run(["sync", docs.path]).code == .success)
        for name in ["a", "b", "c", "d", "e"] { try rig.remove("\(name).txt", in: docs) }
        return docs
    }

    @Test("a refused sync is exit 3 and one line naming the exact --max-delete; one less is still refused")
    func refusalNamesTheFlag() async throws {
        let docs = try await fiveOfSixDeleted()
        let refused = await rig.run(["sync", docs.path])
        #expect(refused.code == .refused)
        #expect(refused.errorLines == [Substring(refusedLine)], "\(refused.err)")
        #expect(await rig.run(["sync", docs.path, "--max-delete", "83"]).code == .refused)
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
        let allowed = await rig.run(["sync", docs.path, "--max-delete", "84"])
        #expect(allowed.code == .success, "\(allowed.err)")
        #expect(rig.read("docs/a.txt", in: rig.container) == nil)
    }

    @Test("sync -n shows what a refused sync would do and says it would be refused, changing nothing (exit 0)")
    func dryRunPreviews() async throws {
        let docs = try await fiveOfSixDeleted()
        let result = await rig.run(["sync", docs.path, "-n", "-q"])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("  " + previewLine), "\(result.out)")
        let verbose = await rig.run(["sync", docs.path, "--dry-run"])
        #expect(verbose.out.components(separatedBy: "a.txt").count > 1, "\(verbose.out)")
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
    }

    @Test("plan writes a refused plan and says so; apply of it is refused with the same line")
    func planPreviews() async throws {
        let docs = try await fiveOfSixDeleted()
        let planned = await rig.run(["plan", docs.path, "--out", "/plan.json"])
        #expect(planned.code == .success, "\(planned.err)")
        #expect(planned.out.contains(previewLine), "\(planned.out)")
        let toStandardOutput = await rig.run(["plan", docs.path])
        #expect(toStandardOutput.errorLines == [Substring(previewLine)])
        #expect(try SyncPlan.decode(Data(toStandardOutput.out.utf8)).deletionRefusal?.neededPercent == 84)
        let applied = await rig.run(["apply", "/plan.json"])
        #expect(applied.code == .refused)
        #expect(applied.errorLines == [Substring(refusedLine)], "\(applied.err)")
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
    }

    @Test("status says a sync would be refused and why, in words and in JSON")
    func statusPreviews() async throws {
        let docs = try await fiveOfSixDeleted()
        let result = await rig.run(["status", docs.path])
        #expect(result.code == .success)
        #expect(result.out.hasPrefix("docs (/machines/laptop/docs): 5 changes pending, refused by the delete guard"))
        #expect(result.out.contains("  " + previewLine), "\(result.out)")
        let json = await rig.run(["status", docs.path, "--json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let pairs = decoded?["pairs"] as? [[String: Any]]
        #expect((pairs?.first?["wouldBeRefused"] as? String)?.hasSuffix("--max-delete 84") == true, "\(json.out)")
        #expect(try Schemas.named("status").problems(in: json.out) == [], "\(json.out)")
    }

    @Test("a deletion allowed on the laptop is carried out on the desktop without the flag, in one line")
    func approvalTravels() async throws {
        let desktop = rig.docs("desktop")
        let docs = try await fiveOfSixDeleted()
        #expect(await rig.run(["sync", desktop.path], as: "desktop").code == .success)
        let approving = await rig.run(["sync", docs.path, "--max-delete", "100"])
        #expect(approving.out.contains("recorded 5 deletions as approved, for the other machines"), "\(approving.out)")
        let preview = await rig.run(["status", desktop.path], as: "desktop")
        #expect(preview.out.contains("would carry out deletions approved by laptop at "), "\(preview.out)")
        let result = await rig.run(["sync", desktop.path, "-q"], as: "desktop")
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.hasPrefix("  carrying out deletions approved by laptop at "), "\(result.out)")
        #expect(rig.names(in: desktop).filter { !$0.hasPrefix(".synccli") } == ["f.txt"])
    }
}

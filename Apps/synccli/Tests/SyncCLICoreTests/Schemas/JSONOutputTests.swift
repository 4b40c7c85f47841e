import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncCLICore

/// Every command's `--json` output conforms to its schema in `Apps/synccli/Schemas/`, in
/// situations that fill every list (changes, conflicts, failures, paths not synced, the trash).
@Suite("--json output against the schemas, over the Mocks")
struct JSONOutputTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// `result`'s standard output conforms to the schema `name`.
    func expectConforms(
        _ result: CLIRig.Run, to name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let problems = try Schemas.named(name).problems(in: result.out)
        #expect(problems == [], "\(name): \(result.out)", sourceLocation: sourceLocation)
    }

    /// Two machines with a conflict, a trashed file, a link and a pending change.
    func busyPair() async throws -> (laptop: URL, desktop: URL) {
        let laptop = rig.docs("laptop")
        let desktop = rig.docs("desktop")
        try rig.put("v1", at: "doc.txt", in: laptop)
        for name in ["a", "b", "c", "d"] { try rig.put(name, at: "keep/\(name).txt", in: laptop) }
        #expect(await rig.run(["sync", laptop.path]).code == .success)
        #expect(await rig.run(["sync", desktop.path], as: "desktop").code == .success)
        try rig.put("laptop's edit", at: "doc.txt", in: laptop)
        try rig.put("desktop's edit", at: "doc.txt", in: desktop)
        try rig.remove("keep/a.txt", in: desktop)
        try rig.world.withTree { try $0.makeSymbolicLink(at: PathKey(desktop.appending(path: "link")), target: "/etc") }
        #expect(await rig.run(["sync", laptop.path]).code == .success)
        return (laptop, desktop)
    }

    @Test("sync, sync --dry-run, status, pairs, conflicts, trash list and restore, container show")
    func everyCommand() async throws {
        let (laptop, desktop) = try await busyPair()
        let dry = await rig.run(["sync", desktop.path, "-n", "--json"], as: "desktop")
        try expectConforms(dry, to: "sync")
        #expect(dry.out.contains("\"plans\"") && dry.out.contains("\"conflicts\" : [\n        {"), "\(dry.out)")
        let status = await rig.run(["status", "--json"], as: "desktop")
        try expectConforms(status, to: "status")
        #expect(status.out.contains("\"machine\" : \"laptop\""), "\(status.out)")
        let synced = await rig.run(["sync", desktop.path, "--json"], as: "desktop")
        #expect(synced.code == .partial, "the link is not synced: \(synced.err)")
        try expectConforms(synced, to: "sync")
        #expect(synced.out.contains("\"reports\"") && synced.out.contains("\"notSynced\" : [\n        {"))
        try expectConforms(await rig.run(["pairs", "--json"], as: "desktop"), to: "pairs")
        try expectConforms(await rig.run(["conflicts", desktop.path, "--json"], as: "desktop"), to: "conflicts")
        #expect(await rig.run(["sync", laptop.path]).code == .success)
        let trash = await rig.run(["trash", "list", laptop.path, "--json"])
        try expectConforms(trash, to: "trash-list")
        #expect(trash.out.contains("\"items\" : [\n    {"), "\(trash.out)")
        let restored = await rig.run(["trash", "restore", laptop.path, "keep/a.txt", "--json"])
        #expect(restored.code == .success, "\(restored.err)")
        try expectConforms(restored, to: "trash-restore")
        try expectConforms(await rig.run(["container", "show", "--json"]), to: "container-show")
        let statusWithTrash = await rig.run(["status", laptop.path, "--json"])
        try expectConforms(statusWithTrash, to: "status")
        #expect(statusWithTrash.out.contains("\"versions\" : 1"), "\(statusWithTrash.out)")
        let emptied = await rig.run(["trash", "empty", laptop.path, "--dry-run", "--json"])
        try expectConforms(emptied, to: "trash-empty")
        #expect(emptied.out.contains("\"dryRun\" : true"), "\(emptied.out)")
    }

    @Test("a sync whose copy fails lists it under failed, in the schema")
    func failedCopy() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        rig.world.inject(Fault(POSIXError(.EIO), operation: .stageCopy))
        let result = await rig.run(["sync", docs.path, "--json"])
        #expect(result.code == .partial)
        try expectConforms(result, to: "sync")
        #expect(result.out.contains("\"failed\" : [\n        {"), "\(result.out)")
    }

    @Test("plan without --out prints the plan file, in the plan file's schema")
    func planFile() async throws {
        let (_, desktop) = try await busyPair()
        let planned = await rig.run(["plan", desktop.path], as: "desktop")
        try expectConforms(planned, to: "plan-file")
        // Every list filled, and a record with its snapshots, so the schema's deeper parts are used.
        for key in [
            "\"actions\" : [\n    {", "\"conflicts\" : [\n    {", "\"records\" : [\n    {", "\"unsynced\" : [\n    {",
        ] {
            #expect(planned.out.contains(key), "\(key)")
        }
        // A file already equal on both sides at a first sync is recorded with both snapshots.
        let third = rig.docs("third")
        try rig.put("v1", at: "same.txt", in: third)
        try rig.put("v1", at: "same.txt", in: rig.container.appending(path: "docs"))
        let merged = await rig.run(["plan", third.path], as: "third")
        try expectConforms(merged, to: "plan-file")
        #expect(merged.out.contains("\"record\" : {"), "\(merged.out)")
    }

    @Test("plan --out --json prints its summary; apply --json its report")
    func planAndApply() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let planned = await rig.run(["plan", docs.path, "--out", "/machines/laptop/plan.json", "--json"])
        try expectConforms(planned, to: "plan")
        let applied = await rig.run(["apply", "/machines/laptop/plan.json", "--json"])
        #expect(applied.code == .success, "\(applied.err)")
        try expectConforms(applied, to: "apply")
    }

    @Test(
        "errors with --json, usage errors too: the error document on standard output, the line on standard error",
        arguments: [
            (["snyc", "--json"], ExitCode.usage), (["sync", "--max-delete", "ten", "--json"], .usage),
            (["sync", "--json", "--quiet"], .usage), (["status", "/machines/none", "--json"], .refused),
            (["apply", "/machines/none.json", "--json"], .usage),
        ])
    func errors(arguments: [String], code: ExitCode) async throws {
        let result = await rig.run(arguments)
        #expect(result.code == code && result.errorLines.count == 1, "\(result.err)")
        try expectConforms(result, to: "error")
        #expect(result.out.contains("\"exitCode\" : \(code.rawValue)"), "\(result.out)")
    }

    @Test("without --json a usage error prints nothing on standard output")
    func usageWithoutJSON() async {
        let result = await rig.run(["snyc"])
        #expect(result.code == .usage && result.out.isEmpty && result.errorLines.count == 1)
    }

    @Test("every schema file is one a test validates against, and each parses")
    func everySchemaUsed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Schemas.folder.path)
            .filter { $0.hasSuffix(".schema.json") }.map { String($0.dropLast(".schema.json".count)) }.sorted()
        #expect(
            names == [
                "apply", "conflicts", "container-show", "error", "pairs", "plan", "plan-file", "status", "sync",
                "trash-empty", "trash-list", "trash-restore", "watch",
            ])
        for name in names { _ = try Schemas.named(name) }
    }
}

import Foundation
import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli sync, over the Mocks")
struct SyncCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// Two machines that edited the same file differently since they last synced; the laptop has
    /// synced its edit, the desktop has not.
    func conflict() async throws {
        let laptop = rig.docs("laptop")
        let desktop = rig.docs("desktop")
        try rig.put("v1", at: "doc.txt", in: laptop)
        #expect(await rig.run(["sync", laptop.path]).code == .success)
        #expect(await rig.run(["sync", desktop.path], as: "desktop").code == .success)
        try rig.put("laptop's edit", at: "doc.txt", in: laptop)
        try rig.put("desktop's edit", at: "doc.txt", in: desktop)
        #expect(await rig.run(["sync", laptop.path]).code == .success)
    }

    @Test("a first sync copies the folder up and says so, and where the copy is")
    func firstSync() async throws {
        let docs = rig.docs()
        try rig.put("hello", at: "a.txt", in: docs)
        let result = await rig.run(["sync", docs.path])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out == "docs: 1 file copied (5 B), 0 files deleted, 0 conflicts in 0.00 s (first sync)\n"
                + "  the copy is in \(rig.container.appending(path: "docs").path(percentEncoded: false))\n")
        let again = await rig.run(["sync", docs.path])
        #expect(again.out == "docs: 0 files copied (0 B), 0 files deleted, 0 conflicts in 0.00 s\n")
        #expect(result.err.isEmpty)
        #expect(rig.read("docs/a.txt", in: rig.container) == "hello")
    }

    @Test("--json prints one JSON document holding the reports, and nothing else")
    func json() async throws {
        let docs = rig.docs()
        try rig.put("hello", at: "a.txt", in: docs)
        let result = await rig.run(["sync", docs.path, "--json"])
        #expect(result.code == .success)
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let reports = document?["reports"] as? [[String: Any]]
        #expect(
            document?["version"] as? Int == 1 && reports?.count == 1 && reports?.first?["pair"] as? String == "docs")
        #expect((reports?.first?["counts"] as? [String: Any])?["copied"] as? Int == 1, "\(result.out)")
    }

    @Test("-n changes nothing and lists the plan; -n is never taken for a folder")
    func dryRun() async throws {
        let docs = rig.docs()
        try rig.put("hello", at: "a.txt", in: docs)
        let result = await rig.run(["sync", docs.path, "-n"])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out
                == "docs: 1 change planned (first sync)\n  local → container: copy a.txt (created on the local side)\n",
            "\(result.out)")
        #expect(rig.read("docs/a.txt", in: rig.container) == nil)

        let noFolder = await rig.run(["sync", "-n"])
        #expect(noFolder.code == .success && noFolder.out.contains("no pairs yet"), "\(noFolder.err)")
    }

    @Test("-v prints one sorted line per change with its direction in words")
    func verbose() async throws {
        let docs = rig.docs()
        try rig.put("b", at: "b.txt", in: docs)
        try rig.put("a", at: "a.txt", in: docs)
        try rig.put("c", at: "sub/c.txt", in: docs)
        let dry = await rig.run(["sync", docs.path, "-nv"])
        let planned = dry.out.split(separator: "\n").filter { $0.contains("→") }
        #expect(
            planned == [
                "  local → container: copy a.txt (created on the local side)",
                "  local → container: copy b.txt (created on the local side)",
                "  local → container: new folder sub (created on the local side)",
                "  local → container: copy sub/c.txt (created on the local side)",
            ], "\(dry.out)")
        #expect(!dry.out.contains("copy container"))

        let result = await rig.run(["sync", docs.path, "-v"])
        #expect(result.code == .success)
        let lines = result.out.split(separator: "\n").filter { $0.contains("→") }
        #expect(lines == planned, "\(result.out)")

        try rig.remove("a.txt", in: rig.container.appending(path: "docs"))
        let back = await rig.run(["sync", docs.path, "--verbose"])
        #expect(back.out.contains("  container → local: delete a.txt into the trash ("), "\(back.out)")
    }

    @Test("--quiet hides the summary but never a conflict")
    func quietConflict() async throws {
        try await conflict()
        let result = await rig.run(["sync", rig.docs("desktop").path, "-q"], as: "desktop")
        #expect(result.code == .success, "\(result.err)")
        #expect(!result.out.contains("copied"), "\(result.out)")
        #expect(result.out.contains("conflict doc.txt"), "\(result.out)")
    }

    @Test("progress shows on a terminal, and --quiet and --json hide it")
    func progress() async throws {
        let docs = rig.docs()
        try rig.put("hello", at: "a.txt", in: docs)
        let shown = await rig.run(["sync", docs.path, "-n"], terminal: true)
        #expect(shown.err.isEmpty, "a dry run copies nothing: \(shown.err)")
        let synced = await rig.run(["sync", docs.path], terminal: true)
        #expect(synced.err.contains("syncing docs"), "\(synced.err)")
        try rig.put("again", at: "b.txt", in: docs)
        let quiet = await rig.run(["sync", docs.path, "-q"], terminal: true)
        #expect(quiet.code == .success && quiet.err.isEmpty && quiet.out.isEmpty, "\(quiet.err)")
        try rig.put("more", at: "c.txt", in: docs)
        let json = await rig.run(["sync", docs.path, "--json"], terminal: true)
        #expect(json.err.isEmpty && json.out.hasPrefix("{"))
    }

    @Test("--quiet prints nothing for a sync with nothing to report")
    func quietIdle() async throws {
        let docs = rig.docs()
        try rig.put("hello", at: "a.txt", in: docs)
        let result = await rig.run(["sync", docs.path, "--quiet"])
        #expect(result.code == .success && result.out.isEmpty && result.err.isEmpty)
    }

    @Test("--quiet never hides a refusal: the delete guard is one line on standard error, exit 3")
    func quietRefusal() async throws {
        let docs = rig.docs()
        for name in ["a", "b", "c", "d", "e", "f"] { try rig.put(name, at: "\(name).txt", in: docs) }
        #expect(await rig.run(["sync", docs.path]).code == .success)
        for name in ["a", "b", "c", "d", "e"] { try rig.remove("\(name).txt", in: docs) }
        let result = await rig.run(["sync", docs.path, "-q"])
        #expect(result.code == .refused)
        #expect(result.errorLines.count == 1 && result.err.contains("limit"), "\(result.err)")
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
    }

    @Test("a missing folder is exit 3 and one line, and nothing is created")
    func missingFolder() async throws {
        let result = await rig.run(["sync", "/machines/laptop/nope"])
        #expect(result.code == .refused)
        #expect(result.errorLines == ["synccli: /machines/laptop/nope is missing or not a folder: nothing was synced"])
        #expect(!rig.names(in: rig.container).contains("nope"))
    }

    @Test("no container is exit 4, and with --json the error is JSON too")
    func noContainer() async throws {
        let docs = rig.docs()
        let result = await rig.run(["sync", docs.path, "--json"], containers: FakeContainers(inForce: nil))
        #expect(result.code == .containerUnavailable)
        #expect(result.err.contains("not available"))
        #expect(result.out.contains("\"exitCode\" : 4") && result.out.contains("\"error\""), "\(result.out)")
    }

    @Test("a locked pair is exit 5 naming the holder")
    func locked() async throws {
        let docs = rig.docs()
        let result = await rig.run(["sync", docs.path], engine: FailingEngine(error: .pairLocked(holder: "pid 42")))
        #expect(result.code == .locked)
        #expect(result.errorLines.count == 1 && result.err.contains("pid 42"), "\(result.err)")
    }

    @Test("sync without a folder syncs every known pair; one that fails does not stop the others")
    func everyPair() async throws {
        let docs = rig.docs()
        let notes = URL(filePath: "/machines/laptop/notes", directoryHint: .isDirectory)
        try rig.put("a", at: "a.txt", in: docs)
        try rig.put("n", at: "n.txt", in: notes)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        #expect(await rig.run(["sync", notes.path]).code == .success)
        try rig.put("b", at: "b.txt", in: docs)
        try rig.put("m", at: "m.txt", in: notes)
        let result = await rig.run(["sync"])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            result.out.contains("docs: 1 file copied") && result.out.contains("notes: 1 file copied"), "\(result.out)")
        #expect(rig.read("notes/m.txt", in: rig.container) == "m")
    }

    @Test("a name taken by another folder is a usage error naming its folder")
    func nameTaken() async throws {
        #expect(await rig.run(["sync", rig.docs().path]).code == .success)
        let other = URL(filePath: "/machines/laptop/other/docs", directoryHint: .isDirectory)
        try rig.put("x", at: "x.txt", in: other)
        let result = await rig.run(["sync", other.path])
        #expect(result.code == .usage)
        #expect(
            result.err.contains("belongs to /machines/laptop/docs") && result.err.contains("--name"), "\(result.err)")
    }

    @Test("output that cannot be written ends the run with exit 1 and one line")
    func outputFailure() async throws {
        let docs = rig.docs()
        let streams = RecordingStreams(failure: "No space left on device")
        let code = await SyncCLI.run(["sync", docs.path], streams: streams) { _, _ in
            rig.services("laptop", streams: streams, containers: FakeContainers(inForce: rig.container))
        }
        #expect(code == .partial)
        #expect(streams.error.contains("the output could not be written (No space left on device)"))
    }
}

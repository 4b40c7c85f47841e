import Foundation
import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli trash keep, trash empty and the trash in status, over the Mocks")
struct TrashKeepEmptyCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// A synced pair whose container's trash holds one deleted file (the last copy of it).
    func pairWithTrash() async throws -> URL {
        let docs = rig.docs()
        for name in ["a", "b", "c"] { try rig.put("file \(name)", at: "\(name).txt", in: docs) }
        #expect(await rig.run(["sync", docs.path]).code == .success)
        try rig.remove("a.txt", in: docs)
        #expect(await rig.run(["sync", docs.path]).code == .success)
        return docs
    }

    @Test("a bad --days or --max-size is one usage line and changes nothing")
    func badValues() async throws {
        let docs = try await pairWithTrash()
        for arguments in [["--days", "0"], ["--days", "ten"], ["--max-size", "200%"], ["--max-size", "5Q"]] {
            let result = await rig.run(["trash", "keep", docs.path] + arguments)
            #expect(result.code == .usage && result.out.isEmpty, "\(arguments): \(result.err)")
            #expect(result.errorLines.first?.contains(arguments[0]) == true, "\(arguments): \(result.err)")
        }
        let shown = await rig.run(["trash", "keep", docs.path])
        #expect(shown.out.contains("versions for 30 days, and at most 10% of the free space per side"), "\(shown.out)")
        let empty = await rig.run(["trash", "empty", docs.path, "--older-than", "-1"])
        #expect(empty.code == .usage && empty.errorLines.count == 1, "\(empty.err)")
    }

    @Test("trash keep sets the days and the size, shows them, and status says how the trash is kept")
    func keep() async throws {
        let docs = try await pairWithTrash()
        let set = await rig.run(["trash", "keep", docs.path, "--days", "7", "--max-size", "500M"])
        #expect(set.code == .success, "\(set.err)")
        #expect(
            set.out == "the trash of docs keeps versions for 7 days, and at most 500.0 MiB per side; "
                + "the last copy of a version stays its 7 days whatever the size (from the next sync)\n")
        let none = await rig.run(["trash", "keep", docs.path, "--max-size", "none"])
        #expect(none.out.contains("versions for 7 days, with no size limit"), "\(none.out)")
        let status = await rig.run(["status", docs.path])
        let line = status.out.split(separator: "\n").first { $0.hasPrefix("  trash: ") }
        #expect(line?.hasPrefix("  trash: local empty, container 1 version (6 B, oldest ") == true, "\(status.out)")
        #expect(
            line?.hasSuffix(
                "keeps versions for 7 days, with no size limit; the last copy of a version stays its 7 days whatever the size"
            ) == true, "\(status.out)")
    }

    @Test("trash empty: a dry run frees nothing and says what it would; the last copy is kept")
    func empty() async throws {
        let docs = try await pairWithTrash()
        let dry = await rig.run(["trash", "empty", docs.path, "--dry-run"])
        #expect(dry.code == .success)
        #expect(
            dry.out == "would free 0 versions (0 B) from the trash of docs\n"
                + "kept 1 version (6 B): the last copy of each, kept until 30 days old\n", "\(dry.out)")
        // The deleted file put back from the trash: its trashed version is no longer the last copy.
        #expect(await rig.run(["trash", "restore", docs.path, "a.txt"]).code == .success)
        let list = await rig.run(["trash", "list", docs.path])
        #expect(list.out.contains("\telsewhere\ta.txt"), "\(list.out)")
        let emptied = await rig.run(["trash", "empty", docs.path, "--json"])
        #expect(emptied.code == .success, "\(emptied.err)")
        let document = try JSONSerialization.jsonObject(with: Data(emptied.out.utf8)) as? [String: Any]
        #expect((document?["freed"] as? [String: Any])?["versions"] as? Int == 1, "\(emptied.out)")
        #expect(await rig.run(["trash", "list", docs.path]).out == "the trash of docs is empty\n")
        #expect(rig.read("a.txt", in: docs) == "file a")
    }

    @Test("trash keep and trash empty refuse a missing folder, in one line")
    func missingFolder() async throws {
        for arguments in [
            ["trash", "keep", "/machines/nowhere", "--days", "3"], ["trash", "empty", "/machines/nowhere"],
        ] {
            let result = await rig.run(arguments)
            #expect(result.code != .success && result.errorLines.count == 1, "\(arguments): \(result.err)")
        }
    }
}

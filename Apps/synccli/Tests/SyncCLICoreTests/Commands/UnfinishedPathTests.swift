import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncCLICore

/// Paths left out of sync (links, special files) and actions that failed are reported the same
/// way by every command and in every output mode: one line each on standard error.
@Suite("skipped and failed paths, over the Mocks")
struct UnfinishedPathTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// A folder with a file, a symbolic link and a named pipe.
    func oddFolder() throws -> URL {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        try rig.world.withTree { tree in
            try tree.makeSymbolicLink(at: PathKey(docs.appending(path: "link")), target: "/etc/passwd")
            try tree.makeSpecialEntry(.namedPipe, at: PathKey(docs.appending(path: "pipe")))
        }
        return docs
    }

    @Test("a link and a special file: the same two lines on standard error for sync in every mode, dry run and status")
    func notSynced() async throws {
        let docs = try oddFolder()
        let dry = await rig.run(["sync", docs.path, "-n"])
        let lines = dry.errorLines
        #expect(lines.count == 2, "\(dry.err)")
        #expect(lines.first?.hasPrefix("synccli: docs: not synced local: link: ") == true, "\(dry.err)")
        #expect(lines.last?.hasPrefix("synccli: docs: not synced local: pipe: ") == true, "\(dry.err)")
        #expect(dry.code == .success && !dry.out.contains("not synced"), "a dry run changes nothing: exit 0")
        let status = await rig.run(["status", docs.path])
        #expect(status.code == .success && status.errorLines == lines, "\(status.err)")
        #expect(status.out.contains("2 paths not synced"), "\(status.out)")
        for extra in [["-q"], ["--json"], ["-v"], []] {
            let result = await rig.run(["sync", docs.path] + extra)
            #expect(result.code == .partial && result.errorLines == lines, "\(extra): \(result.err)")
        }
    }

    @Test("a copy that fails: one line naming the direction, the action and the reason, in every mode; exit 1")
    func failed() async throws {
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        rig.world.inject(Fault(POSIXError(.EIO), operation: .stageCopy))
        var seen: [[Substring]] = []
        for extra in [["-q"], ["--json"], []] {
            let result = await rig.run(["sync", docs.path] + extra)
            #expect(result.code == .partial, "\(extra): \(result.err)")
            #expect(result.errorLines.count == 1, "\(extra): \(result.err)")
            #expect(
                result.errorLines.first?.hasPrefix("synccli: docs: failed local → container: copy a.txt: ") == true,
                "\(extra): \(result.err)")
            seen.append(result.errorLines)
        }
        #expect(Set(seen).count == 1, "\(seen)")
    }
}

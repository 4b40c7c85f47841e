import FileTreeInterface
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// Folder modes travel, and a mode-only change (chmod) propagates without a copy.
@Suite("Permissions: folder modes and mode-only changes")
struct PermissionTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    func chmod(_ mode: UInt32, _ path: String, in root: URL) throws {
        try rig.world.withTree { try $0.setPermissions(mode, at: PathKey(root.appending(path: path))) }
    }

    func mode(_ path: String, in root: URL) -> UInt32? {
        rig.world.withTree { $0.entry(at: PathKey(root.appending(path: path)))?.permissions }
    }

    @Test("a folder is created on the other side with its source's mode")
    func folderModes() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("s", at: "secret/inner/a.txt", in: local)
        try chmod(0o700, "secret", in: local)
        try chmod(0o750, "secret/inner", in: local)
        try rig.makeFolder("open", in: rig.pairRoot)
        try chmod(0o711, "open", in: rig.pairRoot)
        let report = try await manager.sync(pair)
        #expect(report.isComplete)
        #expect(mode("secret", in: rig.pairRoot) == 0o700)
        #expect(mode("secret/inner", in: rig.pairRoot) == 0o750)
        #expect(mode("open", in: local) == 0o711)
    }

    @Test(
        "a mode-only change of a file or a folder on one side propagates with no copy, then nothing is left to do",
        arguments: [SyncSide.local, .container])
    func modeOnlyChange(side: SyncSide) async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("#!/bin/sh", at: "d/run.sh", in: local)
        try rig.put("x", at: "other.txt", in: local)
        try await manager.sync(pair)
        let changed = side == .local ? local : rig.pairRoot
        let other = side == .local ? rig.pairRoot : local
        try chmod(0o755, "d/run.sh", in: changed)
        try chmod(0o700, "d", in: changed)
        let report = try await manager.sync(pair)
        #expect(report.isComplete)
        #expect(report.copied == 0 && report.replaced == 0 && report.conflicts.isEmpty)
        #expect(mode("d/run.sh", in: other) == 0o755)
        #expect(mode("d", in: other) == 0o700)
        let again = try await manager.plan(pair)
        #expect(again.actions.isEmpty, "\(again.actions.map { "\($0.operation) \($0.side) \($0.path)" })")
        #expect(again.records.isEmpty, "each side's record was kept right: \(again.records.map(\.path))")
    }

    @Test("an archive of the previous version reads with permissions unknown, which are never propagated")
    func previousArchiveVersion() async throws {
        let text =
            "synccli-archive 1\npair docs\ngeneration 2\n"
            + "f\t3\t-\t5\t1\t2\t6\t1\t3\ta.txt\n"
        let archive = try Archive.decode(Data(text.utf8), pair: "docs")
        let record = try #require(archive.records[try RelativePath("a.txt")])
        #expect(record.local.permissions == nil && record.container.permissions == nil)
        let entry = TreeEntry(
            path: record.path, kind: .file, size: 3, modificationNanoseconds: 5,
            identity: FileIdentity(device: 1, inode: 2), permissions: 0o755)
        #expect(record.local.matches(entry) && !record.local.modeChanged(entry))
        var newer = record
        newer.local.permissions = 0o640
        newer.container.permissions = 0o600
        let round = try Archive.decode(try Archive(pair: "docs", records: [record.path: newer]).encoded(), pair: "docs")
        #expect(round.records[record.path] == newer)
    }
}

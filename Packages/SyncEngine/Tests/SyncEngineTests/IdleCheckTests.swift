import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The idle check answers "nothing to do" only when the full decision would plan nothing.
@Suite("Idle check")
struct IdleCheckTests {
    static func entry(_ path: String, kind: EntryKind = .file, time: Int64 = 5, inode: UInt64 = 1) throws -> TreeEntry {
        TreeEntry(
            path: try RelativePath(path), kind: kind, size: kind == .file ? 3 : 0, modificationNanoseconds: time,
            identity: FileIdentity(device: 1, inode: inode), permissions: 0o644)
    }

    static func view(_ entries: [TreeEntry], warnings: [String] = []) -> SideView {
        var view = SideView()
        view.listed = entries
        view.warnings = warnings
        return view
    }

    static func archive(_ local: [TreeEntry], _ container: [TreeEntry]) -> ArchiveRecords {
        ArchiveRecords(
            zip(local, container).map { l, c in
                ArchiveRecord(
                    path: l.path, kind: l.kind, size: l.size, digest: nil, local: SideSnapshot(l),
                    container: SideSnapshot(c))
            })
    }

    @Test("both sides exactly as recorded: idle; any difference, extra or missing path, or warning: not idle")
    func cases() throws {
        let local = [
            try Self.entry("d", kind: .directory, inode: 10), try Self.entry("d/a", inode: 11),
            try Self.entry("z", inode: 12),
        ]
        let container = [
            try Self.entry("d", kind: .directory, inode: 20), try Self.entry("d/a", inode: 21),
            try Self.entry("z", inode: 22),
        ]
        let archive = Self.archive(local, container)
        #expect(IdleCheck.holds(local: Self.view(local), container: Self.view(container), archive: archive))

        var touched = container
        touched[2] = try Self.entry("z", time: 6, inode: 22)
        #expect(!IdleCheck.holds(local: Self.view(local), container: Self.view(touched), archive: archive))
        var replaced = local
        replaced[1] = try Self.entry("d/a", inode: 99)
        #expect(!IdleCheck.holds(local: Self.view(replaced), container: Self.view(container), archive: archive))
        var folderTouched = local  // a folder's own time is not kept, so it changes nothing
        folderTouched[0] = try Self.entry("d", kind: .directory, time: 9, inode: 10)
        #expect(IdleCheck.holds(local: Self.view(folderTouched), container: Self.view(container), archive: archive))
        var folderReplaced = local
        folderReplaced[0] = try Self.entry("d", kind: .directory, inode: 98)
        #expect(!IdleCheck.holds(local: Self.view(folderReplaced), container: Self.view(container), archive: archive))
        #expect(
            !IdleCheck.holds(
                local: Self.view(Array(local.dropLast())), container: Self.view(container), archive: archive))
        let extra = local + [try Self.entry("zz", inode: 13)]
        #expect(
            !IdleCheck.holds(
                local: Self.view(extra), container: Self.view(container + [try Self.entry("zz")]), archive: archive))
        #expect(
            !IdleCheck.holds(
                local: Self.view(local, warnings: ["a link"]), container: Self.view(container), archive: archive))
        var renamed = container
        renamed[2] = try Self.entry("y", inode: 22)
        #expect(!IdleCheck.holds(local: Self.view(local), container: Self.view(renamed), archive: archive))
    }

    @Test("with records changed on top of the archive (a journal's), modes compared, the answers are the same")
    func changedArchive() throws {
        let local = try (0..<40).map { try Self.entry("f\($0 + 10)", inode: UInt64($0)) }
        let container = try (0..<40).map { try Self.entry("f\($0 + 10)", inode: UInt64(100 + $0)) }
        let current = Self.archive(local, container)
        // The same records, some of them arriving as changes on top of an older table: one
        // replaced, one added, one removed and put back.
        var stale = Array(current.values)
        stale[7].local.modificationNanoseconds = 1
        stale.remove(at: 30)
        stale.append(
            ArchiveRecord(
                path: try RelativePath("zz"), kind: .file, size: 3, digest: nil, local: stale[0].local,
                container: stale[0].container))
        var archive = ArchiveRecords(stale)
        archive[try RelativePath("zz")] = nil
        for index in [7, 30, 12] { archive[local[index].path] = current.values[index] }
        #expect(archive == current)
        #expect(IdleCheck.holds(local: Self.view(local), container: Self.view(container), archive: archive))
        var touched = local
        touched[30] = try Self.entry("f40", time: 6, inode: 30)
        #expect(!IdleCheck.holds(local: Self.view(touched), container: Self.view(container), archive: archive))
        touched = local
        touched[39] = try Self.entry("f49", time: 6, inode: 39)
        #expect(!IdleCheck.holds(local: Self.view(touched), container: Self.view(container), archive: archive))
        // A mode changed, or a record from before modes were kept: not idle.
        var modes = archive
        modes[local[12].path]?.container.permissions = 0o600
        #expect(!IdleCheck.holds(local: Self.view(local), container: Self.view(container), archive: modes))
        modes = current
        modes[local[0].path]?.local.permissions = nil
        #expect(!IdleCheck.holds(local: Self.view(local), container: Self.view(container), archive: modes))
    }

    @Test("after a sync, the next plan is empty whether the idle check or the full decision makes it")
    func agreesWithTheEngine() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for index in 0..<30 { try rig.put("v\(index)", at: "d\(index % 3)/f\(index).txt", in: rig.localRoot("alpha")) }
        try await manager.sync(pair)
        let idle = try await manager.plan(pair)
        #expect(idle.actions.isEmpty && idle.records.isEmpty)
        try rig.put("changed", at: "d1/f1.txt", in: rig.localRoot("alpha"))
        let busy = try await manager.plan(pair)
        // The old version to the trash, then the copy.
        #expect(busy.actions.map(\.path.text) == ["d1/f1.txt", "d1/f1.txt"])
    }

    @Test(
        "a conflict settled by a policy records the result: the next plan has nothing to do or refresh",
        arguments: [ConflictPolicy.newer, .local, .container])
    func policyConflictRecorded(policy: ConflictPolicy) async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("v1", at: "a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.put("local edit", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.put("container edit", at: "a.txt", in: rig.pairRoot)
        let report = try await manager.sync(pair, options: SyncOptions(policy: policy))
        #expect(report.conflicts.count == 1 && report.isComplete)
        let next = try await manager.plan(pair)
        #expect(next.actions.isEmpty && next.records.isEmpty, "\(next.records.map(\.path))")
    }

    @Test(
        "a path gone from both sides loses its record, also when the other side has as many new paths",
        arguments: [false, true])  // true: another path's state is unknown (a symbolic link on a side)
    func goneFromBothIsForgotten(withUnknownPath: Bool) async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        if withUnknownPath { try rig.link("odd", to: "a.txt", in: rig.localRoot("alpha")) }
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.put("gone", at: "gone.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.remove("gone.txt", in: rig.localRoot("alpha"))
        try rig.remove("gone.txt", in: rig.pairRoot)
        try rig.put("new", at: "new.txt", in: rig.pairRoot)
        try await manager.sync(pair)
        let records = try await manager.archiveStore.load(pair: pair.name).0.records
        #expect(records.keys.map(\.text).sorted() == ["a.txt", "new.txt"])
    }

    @Test("what an action left at a folder still matches it after its time changed; a file's does not")
    func seenFolder() throws {
        let folder = try Self.entry("d", kind: .directory, time: 5, inode: 7)
        let touchedFolder = try Self.entry("d", kind: .directory, time: 9, inode: 7)
        #expect(Seen(folder).matches(touchedFolder))
        #expect(!Seen(folder).matches(try Self.entry("d", kind: .directory, time: 5, inode: 8)))
        let file = try Self.entry("f", time: 5, inode: 7)
        #expect(Seen(file).matches(file))
        #expect(!Seen(file).matches(try Self.entry("f", time: 9, inode: 7)))
    }
}

import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Testing

@testable import SyncEngine

/// Real bugs an adversarial review found (lost progress, retries forever, a destroyed file), one
/// test each; they failed before the fixes and guard against their return.
@Suite("Regressions found by an adversarial review")
struct ReviewRegressionTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    /// Every file text anywhere (both machines, the container, trashes and conflict copies).
    func everything() -> Set<String> {
        rig.allTexts(below: URL(filePath: "/machines")).union(rig.allTexts(below: rig.container))
    }

    /// Every file text on alpha's side and in the container's pair folder, trash included.
    func atRisk() -> Set<String> {
        rig.allTexts(below: local).union(rig.allTexts(below: rig.pairRoot))
    }

    /// Checks convergence, no loss of `before`, and idempotence after the syncs of a test.
    func expectInvariants(
        _ before: Set<String>, _ manager: SyncManager, _ pair: SyncPair,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(
            before.isSubset(of: everything()), "lost: \(before.subtracting(everything()))",
            sourceLocation: sourceLocation)
        #expect(
            rig.contents(of: local) == rig.contents(of: rig.pairRoot),
            "sides differ: \(rig.contents(of: local)) vs \(rig.contents(of: rig.pairRoot))",
            sourceLocation: sourceLocation)
        let again = try await manager.plan(pair)
        #expect(
            again.actions.isEmpty, "not idle: \(again.actions.map { "\($0.operation) \($0.side) \($0.path)" })",
            sourceLocation: sourceLocation)
    }

    // MARK: 1. Digest of a re-keyed entry (folder rename + same-size edit on the other side)

    /// Local renames folder d to e; the container edits d/x.txt keeping its size. Rename detection
    /// re-keys the container's d/x.txt as e/x.txt (the move has not happened yet), then `change`
    /// asks the digest of container e/x.txt, which does not exist: the whole plan throws, every
    /// time, so the pair can never sync again until a human undoes the rename.
    @Test("a folder renamed locally while the container edits a file in it (same size, known digest) still syncs")
    func folderRenameWithSameSizeEditOnOtherSide() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        // Both sides hold the same file at the first sync, so its record carries a digest.
        try rig.put("v1", at: "d/x.txt", in: local)
        try rig.put("v1", at: "d/x.txt", in: rig.pairRoot)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try await manager.sync(pair)

        try rig.move("d", to: "e", in: local)
        try rig.put("C2", at: "d/x.txt", in: rig.pairRoot)  // another machine's edit, same size
        let before = atRisk()
        await #expect(throws: Never.self) { try await manager.sync(pair) }
        #expect(rig.text(at: "e/x.txt", in: local) == "C2")
        try await expectInvariants(before, manager, pair)
    }

    /// The same bug through `bothPresent`: both sides edit the file of a folder renamed on one side
    /// to contents of equal size; comparing digests reads the container's re-keyed path.
    @Test("a folder renamed locally, its file edited on both sides to equal sizes, ends in a conflict copy")
    func folderRenameWithConflictOfEqualSizes() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("v1", at: "d/x.txt", in: local)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try await manager.sync(pair)

        try rig.move("d", to: "e", in: local)
        try rig.put("L2", at: "e/x.txt", in: local)
        try rig.put("C2", at: "d/x.txt", in: rig.pairRoot)
        let before = atRisk()
        await #expect(throws: Never.self) { try await manager.sync(pair) }
        try await expectInvariants(before, manager, pair)
    }

    // MARK: 2. A refresh records whatever is there after the actions

    /// The `.refresh` record of a propagated file is built from both sides as they are at the end
    /// of `apply`, checking only kind and size. A version saved on the source side after its copy
    /// finished but before the archive is saved is recorded as "already synced": it never reaches
    /// the other side, and the next edit there replaces it (into the trash) without a conflict.
    @Test(
        "a same-size edit of the source after its copy, during the sync, is synced by the next run",
        arguments: [0, 200])  // 200 others: the after-apply check then reads one fresh scan per side
    func editDuringSyncAfterCopy(others: Int) async throws {
        let plain = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("V1", at: "a.txt", in: local)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try await plain.sync(pair)

        try rig.put("V2", at: "a.txt", in: local)
        for index in 0..<others { try rig.put("other \(index)", at: "others/\(index).txt", in: local) }
        // Right after a.txt's copy is staged, the user saves V3, of the same size (an edit during the sync).
        let edited = PathKey(local.appending(path: "a.txt"))
        let copier = HookedCopier(base: MockFileCopier(world: rig.world)) { [world = rig.world] source, root in
            let key = PathKey(root.appending(path: source.text))
            if key == edited { try world.withTree { try $0.writeFile(Data("V3".utf8), at: key) } }
        }
        let racing = rig.manager("alpha", copier: copier)
        try await racing.sync(pair)
        #expect(rig.text(at: "a.txt", in: rig.pairRoot) == "V2")
        #expect(rig.text(at: "a.txt", in: local) == "V3")

        try await plain.sync(pair)  // no concurrent edit now: V3 must reach the container
        #expect(rig.text(at: "a.txt", in: rig.pairRoot) == "V3", "the local edit V3 is never propagated")
        try await expectInvariants(["V3"], plain, pair)
        #expect(rig.contents(of: rig.pairRoot).count == rig.contents(of: local).count)
    }

    // MARK: 3. A folder holding only excluded entries, deleted on the other side

    /// The container's copy of d is deleted. Locally d still holds an excluded file, so the
    /// planned `removeDirectory` fails with "not empty" on every run: the group stays unfinished,
    /// the record stays, and every later sync plans and skips it again (never idle, never complete).
    @Test("a folder deleted on the other side that still holds ignored files does not leave a skipped action forever")
    func deletedFolderHoldingIgnoredFiles() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("*.tmp\n", at: ".synccliignore", in: local)
        try rig.put("x", at: "d/x.txt", in: local)
        try rig.put("scratch", at: "d/scratch.tmp", in: local)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try await manager.sync(pair)
        #expect(!rig.exists("d/scratch.tmp", in: rig.pairRoot))

        try rig.remove("d", in: rig.pairRoot)  // another machine deleted the folder
        let first = try await manager.sync(pair)
        #expect(rig.text(at: "d/scratch.tmp", in: local) == "scratch")
        let second = try await manager.sync(pair)
        #expect(
            first.isComplete && second.isComplete,
            "skipped: \((first.skipped + second.skipped).map { "\($0.action.path): \($0.reason)" })")
        let again = try await manager.plan(pair)
        #expect(again.actions.isEmpty, "not idle: \(again.actions.map { "\($0.operation) \($0.side) \($0.path)" })")
    }

    // MARK: 4. A pair named like the container's document

    /// `SyncPair` accepts the name `data.json`, the container document's file name. Synced first in
    /// a fresh container (pairs sync in name order, and "data.json" < "docs"), it creates
    /// `<container>/data.json/` as its folder; `recordSync` then cannot read or write the document,
    /// and from then on every plan of every pair fails in `loadDocument`.
    @Test("a pair named data.json cannot break every pair of the container")
    func pairNamedLikeTheDocument() async throws {
        let manager = rig.manager("alpha")
        let notes = URL(filePath: "/machines/alpha/notes", directoryHint: .isDirectory)
        try rig.put("note", at: "n.txt", in: notes)
        try rig.put("doc", at: "d.txt", in: local)
        let odd: SyncPair
        do {
            odd = try SyncPair(name: "data.json", localRoot: notes)
        } catch {
            return  // refused up front: fixed
        }
        _ = try? await manager.sync(odd)
        await #expect(throws: Never.self) { try await manager.sync(try rig.pair("alpha")) }
        #expect(rig.text(at: "d.txt", in: rig.pairRoot) == "doc")
    }

    // MARK: 5. A case-only rename with an edit takes two syncs

    /// Locally `report.txt` becomes `Report.txt` with new content (a "save as" with a new inode, so
    /// no rename is detected). The plan trashes the container's `report.txt` (phase 3) but refuses to
    /// copy `Report.txt` because the name index still holds `report.txt`, the very name this plan
    /// removes: the sides differ after a sync with no concurrent edits, and the next sync copies.
    @Test("a case-only rename with an edit converges in one sync")
    func caseOnlyRenameWithEdit() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("v1", at: "report.txt", in: local)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try rig.put("other", at: "other.txt", in: local)
        try await manager.sync(pair)

        try rig.remove("report.txt", in: local)
        try rig.put("v2, edited", at: "Report.txt", in: local)
        let before = atRisk()
        try await manager.sync(pair)
        try await expectInvariants(before, manager, pair)
    }

    // MARK: 6. removeDirectory removes whatever is at the path

    /// A scanner that, right after reporting the folder `target` for the re-check, lets the user
    /// replace that (empty) folder with a file of the same name.
    struct SwappingScanner: TreeScanning {
        let base: MockTreeScanner
        let world: MockWorld
        let target: URL

        func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
            try base.scan(root: root, excluding: excluding)
        }

        func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? {
            let entry = try base.entry(at: path, in: root)
            let key = PathKey(root.appending(path: path.text))
            if entry?.kind == .directory, key == PathKey(target) {
                try world.withTree {
                    try $0.removeItem(at: key)
                    try $0.writeFile(Data("precious, saved just now".utf8), at: key)
                }
            }
            return entry
        }
    }

    /// `removeDirectory` checks the kind with `scanner.entry`, then calls `mutator.removeItem`,
    /// which removes a file as readily as an empty folder (the Live one tries `unlinkat(name, 0)`
    /// first). A file put at that name in between is destroyed outright, not trashed.
    @Test("removing an empty folder never deletes a file that took its name")
    func removeDirectoryRace() async throws {
        let plain = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.makeFolder("d", in: local)
        try rig.put("anchor", at: "anchor.txt", in: local)
        try await plain.sync(pair)
        try rig.remove("d", in: rig.pairRoot)  // deleted on the other side

        let racing = SyncManager(
            fileSystem: rig.fileSystem, fileAccessor: MockFileAccessor(world: rig.world),
            scanner: SwappingScanner(
                base: MockTreeScanner(world: rig.world), world: rig.world,
                target: local.appending(path: "d")),
            mutator: MockTreeMutator(world: rig.world), copier: MockFileCopier(world: rig.world),
            locking: MockPairLocking(world: rig.world),
            environment: SyncEnvironment(
                machineName: "alpha", stateFolder: URL(filePath: "/machines/alpha/state", directoryHint: .isDirectory),
                lockHolder: "test alpha racing",
                now: { [world = rig.world] in Date(timeIntervalSince1970: Double(world.withTree { $0.now }) / 1e9) }))
        _ = try? await racing.sync(pair)
        #expect(everything().contains("precious, saved just now"), "the file saved at d was deleted outright")
    }
}

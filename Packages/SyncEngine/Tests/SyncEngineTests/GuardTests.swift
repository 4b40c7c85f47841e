import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import Foundation
import InMemorySupport
import LockInterface
import LockMock
import SyncEngine
import Testing

@Suite("Safety guards and error paths")
struct GuardTests {
    let rig = TestRig()

    func synced(files: Int = 4) async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        for index in 0..<files { try rig.put("file \(index)", at: "f\(index).txt", in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        return (manager, pair)
    }

    @Test("a missing local folder is refused and the container is left untouched")
    func missingLocalFolder() async throws {
        let (manager, pair) = try await synced()
        let before = rig.contents(of: rig.container, includingOwnFiles: true)
        try rig.remove("", in: rig.localRoot("alpha"))
        await #expect(throws: SyncError.localFolderMissing(pair.localRoot.path(percentEncoded: false))) {
            try await manager.sync(pair)
        }
        #expect(rig.contents(of: rig.container, includingOwnFiles: true) == before)
    }

    @Test("a container emptied as if unmounted is refused, never read as everything deleted")
    func containerEmptied() async throws {
        let (manager, pair) = try await synced()
        try rig.remove("docs", in: rig.container)
        await #expect(
            throws: SyncError.rootMarkerMissing(side: .container, path: rig.pairRoot.path(percentEncoded: false))
        ) {
            try await manager.sync(pair)
        }
        #expect(rig.contents(of: rig.localRoot("alpha")).count == 4)
    }

    @Test("a local folder that lost its root marker is refused")
    func localMarkerMissing() async throws {
        let (manager, pair) = try await synced()
        try rig.remove(".synccli-root", in: rig.localRoot("alpha"))
        await #expect(
            throws: SyncError.rootMarkerMissing(side: .local, path: pair.localRoot.path(percentEncoded: false))
        ) {
            try await manager.sync(pair)
        }
    }

    @Test("a first sync whose pair folder in the container is a file is refused, not planned as an empty folder")
    func pairFolderIsAFile() async throws {
        let manager = rig.manager("alpha")
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.put("not a folder", at: "docs", in: rig.container)
        let pair = try rig.pair("alpha")
        await #expect(throws: SyncError.self) { try await manager.plan(pair) }
        await #expect(throws: SyncError.self) { try await manager.sync(pair) }
        #expect(rig.text(at: "docs", in: rig.container) == "not a folder")
    }

    @Test("a container that is not available is refused")
    func containerGone() async throws {
        let (manager, pair) = try await synced()
        rig.fileSystem.containerURL = nil
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync(pair) }
    }

    @Test("deleting more than the limit is refused, changes nothing, and goes through when allowed")
    func maxDelete() async throws {
        let (manager, pair) = try await synced(files: 10)
        for index in 0..<8 { try rig.remove("f\(index).txt", in: rig.localRoot("alpha")) }
        await #expect(throws: SyncError.tooManyDeletions(side: .container, count: 8, total: 10, limitPercent: 50)) {
            try await manager.sync(pair)
        }
        #expect(rig.contents(of: rig.pairRoot).count == 10)
        let report = try await manager.sync(pair, options: SyncOptions(maxDeletePercent: 100))
        #expect(report.deleted == 8)
        #expect(rig.contents(of: rig.pairRoot).count == 2)
    }

    @Test("a pair locked by another process is refused, naming the holder")
    func locked() async throws {
        let (manager, pair) = try await synced()
        let other = MockPairLocking(world: rig.world)
        let held = try other.acquire("docs", holder: "synccli pid 99 on other")
        await #expect(throws: SyncError.pairLocked(holder: "synccli pid 99 on other")) { try await manager.sync(pair) }
        held.release()
        try await manager.sync(pair)
    }

    @Test(
        "a damaged or future archive is reported and the sync merges without deleting",
        arguments: [
            Data("garbage".utf8), Data("synccli-archive 99\npair docs\n".utf8),
            Data("synccli-archive 1\npair docs\ngeneration 1\nf\tbroken\n".utf8),
        ])
    func damagedArchive(contents: Data) async throws {
        let (manager, pair) = try await synced()
        let archives = rig.contents(of: URL(filePath: "/machines/alpha/state"), includingOwnFiles: true).keys.filter {
            $0.hasSuffix("archive.synccli-archive")
        }
        let archive = try #require(archives.first)
        try rig.world.withTree { try $0.writeFile(contents, at: PathKey(path: "/machines/alpha/state/" + archive)) }
        try rig.remove("f0.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.wasFirstSync)
        #expect(report.warnings.contains { $0.contains("first sync") })
        #expect(rig.text(at: "f0.txt", in: rig.localRoot("alpha")) == "file 0")
    }

    @Test("a plan writes nothing: no mutating call at all")
    func dryRun() async throws {
        let (manager, pair) = try await synced()
        try rig.put("new", at: "new.txt", in: rig.localRoot("alpha"))
        let before = rig.world.mutationCount
        let plan = try await manager.plan(pair)
        #expect(plan.actions.count == 1)
        #expect(rig.world.mutationCount == before)
        #expect(!rig.exists("new.txt", in: rig.pairRoot))
    }

    @Test("apply skips an action whose source changed since the plan, and the next sync catches up")
    func applyRechecks() async throws {
        let (manager, pair) = try await synced()
        try rig.put("v1", at: "edit.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        try rig.put("v2", at: "edit.txt", in: rig.localRoot("alpha"))
        let report = try await manager.apply(plan)
        #expect(report.skipped.count == 1)
        #expect(report.skipped.first?.reason.contains("changed") == true)
        #expect(!rig.exists("edit.txt", in: rig.pairRoot))
        try await manager.sync(pair)
        #expect(rig.text(at: "edit.txt", in: rig.pairRoot) == "v2")
    }

    @Test("a plan made before another sync is refused as outdated")
    func outdatedPlan() async throws {
        let (manager, pair) = try await synced()
        try rig.put("x", at: "x.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        try await manager.sync(pair)
        await #expect(throws: SyncError.planOutdated("the pair synced since the plan was made")) {
            try await manager.apply(plan)
        }
    }

    @Test("a plan round-trips through its JSON form and applies the same")
    func planJSON() async throws {
        let (manager, pair) = try await synced()
        try rig.put("x", at: "x.txt", in: rig.localRoot("alpha"))
        // A mode-only change: its record update carries the record to set, which must travel too.
        try rig.world.withTree {
            try $0.setPermissions(0o600, at: PathKey(rig.localRoot("alpha").appending(path: "f0.txt")))
        }
        let plan = try await manager.plan(pair)
        #expect(plan.records.contains { $0.change == .set && $0.record != nil })
        let decoded = try SyncPlan.decode(try plan.encoded())
        #expect(decoded == plan)
        #expect(try await manager.apply(decoded).copied == 1)
    }

    @Test("a failed copy is reported with its path, and a later sync completes it")
    func failedCopy() async throws {
        let (manager, pair) = try await synced()
        try rig.put("new", at: "new.txt", in: rig.localRoot("alpha"))
        rig.world.inject(
            Fault(
                TreeError.io(path: try RelativePath("new.txt"), code: 28, message: "No space left on device"),
                operation: MockOperation(rawValue: "stageCopy"), repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.failed.count == 1)
        #expect(report.failed.first?.reason.contains("No space") == true)
        try await manager.sync(pair)
        #expect(rig.text(at: "new.txt", in: rig.pairRoot) == "new")
    }

    @Test("the engine's own files and ignored names are never synced")
    func ignored() async throws {
        let (manager, pair) = try await synced()
        try rig.put("*.tmp\nbuild/\n", at: ".synccliignore", in: rig.localRoot("alpha"))
        try rig.put("t", at: "scratch.tmp", in: rig.localRoot("alpha"))
        try rig.put("o", at: "build/out.o", in: rig.localRoot("alpha"))
        try rig.put("x", at: ".synccli-tmp-0000000000000000", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.copied == 0)
        #expect(!rig.exists("scratch.tmp", in: rig.pairRoot))
        #expect(!rig.exists(".synccliignore", in: rig.pairRoot))
    }

    @Test("a symbolic link is skipped and reported as not synced (the sync is not complete), never followed")
    func symlinks() async throws {
        let (manager, pair) = try await synced()
        try rig.world.withTree {
            try $0.makeSymbolicLink(at: PathKey(rig.localRoot("alpha").appending(path: "link")), target: "/etc")
        }
        let report = try await manager.sync(pair)
        #expect(report.unsynced.contains { $0.path.text == "link" && $0.reason.contains("symbolic link") })
        #expect(!report.isComplete)
        #expect(!rig.exists("link", in: rig.pairRoot))
    }

    @Test(
        "names that differ only by case or normalization are reported, never copied over each other",
        arguments: [
            ("Report.txt", "report.txt"), ("caf\u{E9}.txt", "cafe\u{301}.txt"),
        ])
    func nameCollisions(localName: String, containerName: String) async throws {
        let (manager, pair) = try await synced()
        try rig.put("local", at: localName, in: rig.localRoot("alpha"))
        try rig.put("container", at: containerName, in: rig.pairRoot)
        let report = try await manager.sync(pair)
        #expect(report.conflicts.contains { $0.kind == .nameCollision })
        #expect(rig.text(at: localName, in: rig.localRoot("alpha")) == "local")
        #expect(rig.text(at: containerName, in: rig.pairRoot) == "container")
    }

    @Test("a rename is applied as a rename on the other side, not a delete and a copy")
    func renameDetection() async throws {
        let (manager, pair) = try await synced()
        try rig.move("f1.txt", to: "renamed.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        #expect(plan.actions.map(\.operation) == [.move])
        try await manager.apply(plan)
        #expect(rig.text(at: "renamed.txt", in: rig.pairRoot) == "file 1")
        #expect(!rig.exists("f1.txt", in: rig.pairRoot))
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("a folder renamed with many files is one move and passes the delete guard")
    func folderRename() async throws {
        let manager = rig.manager("alpha")
        for index in 0..<10 { try rig.put("\(index)", at: "old/\(index).txt", in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        try rig.move("old", to: "new", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(report.moved == 1)
        #expect(report.deleted == 0 && report.copied == 0)
        #expect(rig.contents(of: rig.pairRoot) == rig.contents(of: rig.localRoot("alpha")))
        #expect(try await manager.plan(pair).actions.isEmpty)
    }
}

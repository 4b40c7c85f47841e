import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// The trash's rarer answers: a trash that is not a folder or cannot be listed, a version gone
/// before its restore, a run another machine made, and when a version was trashed.
@Suite("The trash: damaged, vanished and foreign runs")
struct TrashEdgeTests {
    let rig = TestRig()
    static let localTrash = "/machines/alpha/docs/.synccli-trash/"

    /// alpha synced `dir/a.txt` and `dir/b.txt`, then deleted `dir/a.txt` locally and synced
    /// again: the container's trash holds it.
    func trashedOnContainer(clock: (@Sendable () -> Date)? = nil) async throws -> (SyncManager, SyncPair, TrashItem) {
        let manager = rig.manager("alpha", clock: clock)
        let pair = try rig.pair("alpha")
        try rig.put("old a", at: "dir/a.txt", in: rig.localRoot("alpha"))
        try rig.put("b", at: "dir/b.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.remove("dir/a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let item = try #require(try await manager.trash(of: pair).first)
        #expect(item.side == .container && item.originalPath.text == "dir/a.txt")
        return (manager, pair, item)
    }

    @Test("a version gone from the other side's trash since it was listed is not restored: not found, naming it")
    func restoreVanished() async throws {
        let (manager, pair, item) = try await trashedOnContainer()
        try rig.remove(item.trashPath.text, in: rig.pairRoot)
        let expected = SyncError.io(
            path: "/machines/alpha/docs/dir/a.txt", underlying: UnderlyingError(TreeError.notFound(item.trashPath)))
        await #expect(throws: expected) { try await manager.restore(item, of: pair, onto: .local) }
        #expect(!rig.exists("dir/a.txt", in: rig.localRoot("alpha")))
    }

    @Test("a trash that is a file or a link is refused when listed, naming it", arguments: [false, true])
    func trashNotAFolder(link: Bool) async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        if link {
            try rig.link(".synccli-trash", to: "/elsewhere", in: rig.localRoot("alpha"))
        } else {
            try rig.put("not a folder", at: ".synccli-trash", in: rig.localRoot("alpha"))
        }
        let reason: TreeError.RootProblem = link ? .symbolicLink : .missingOrNotAFolder
        let expected = SyncError.io(
            path: Self.localTrash,
            underlying: UnderlyingError(TreeError.rootUnavailable(Self.localTrash, reason: reason)))
        await #expect(throws: expected) { try await manager.trash(of: pair) }
    }

    @Test("the trash of a folder whose name has a space and a percent sign is named as typed")
    func oddFolderNameInMessages() async throws {
        let manager = rig.manager("alpha")
        let local = URL(filePath: "/machines/alpha/my docs 100%", directoryHint: .isDirectory)
        try rig.makeFolder("my docs 100%", in: URL(filePath: "/machines/alpha", directoryHint: .isDirectory))
        let pair = try SyncPair(name: "docs", localRoot: local)
        try rig.put("not a folder", at: ".synccli-trash", in: local)
        let trash = "/machines/alpha/my docs 100%/.synccli-trash/"
        let expected = SyncError.io(
            path: trash, underlying: UnderlyingError(TreeError.rootUnavailable(trash, reason: .missingOrNotAFolder)))
        await #expect(throws: expected) { try await manager.trash(of: pair) }
    }

    @Test("a file lying in the trash folder itself is no run: the trash's record never counts it")
    func strayFileIsNoRun() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        try rig.put("a note someone left", at: ".synccli-trash/stray.txt", in: rig.localRoot("alpha"))
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        try await manager.sync(pair)
        let record = try await manager.archiveStore.loadTrashRecord(pair: pair.name)
        #expect(record.runs["local"]?["stray.txt"] == nil, "\(record.runs)")
        #expect(record.runs["container"]?.count == 1, "the run that trashed a.txt")
    }

    @Test("a trash that cannot be listed is the disk's error, naming the trash")
    func trashUnlistable() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.makeFolder(".synccli-trash/run", in: rig.localRoot("alpha"))
        let failure = TreeError.io(path: .root, code: 5, message: "Input/output error")
        rig.world.inject(Fault(failure, operation: .scan, path: rig.localRoot("alpha")))
        await #expect(throws: SyncError.io(path: Self.localTrash, underlying: UnderlyingError(failure))) {
            try await manager.trash(of: pair)
        }
    }

    @Test("a version's trash time is its sync's, to the second")
    func trashedAt() async throws {
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        let (_, _, item) = try await trashedOnContainer(clock: { when })
        #expect(item.trashedAt == when)
    }

    @Test("the trash summary counts a run another machine made, which this machine never recorded")
    func summaryCountsForeignRun() async throws {
        try rig.put("f", at: "f.txt", in: rig.localRoot("alpha"))
        try rig.put("g", at: "g.txt", in: rig.localRoot("alpha"))
        try await rig.manager("alpha").sync(try rig.pair("alpha"))
        try await rig.manager("beta").sync(try rig.pair("beta"))
        try rig.remove("f.txt", in: rig.localRoot("beta"))
        try await rig.manager("beta").sync(try rig.pair("beta"))
        let summary = try await rig.manager("alpha").trashSummary(of: try rig.pair("alpha"))
        let container = try #require(summary.sides[.container])
        #expect(container.versions == 1 && container.bytes == 1)
    }

    @Test("when 1,000 names in the run's trash folder are taken, the deletion fails with why and the file stays")
    func everyTrashNameTaken() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a.txt", "b.txt", "c.txt"] { try rig.put(name, at: name, in: rig.localRoot("alpha")) }
        try await manager.sync(pair)
        try rig.remove("a.txt", in: rig.pairRoot)
        let plan = try await manager.plan(pair)
        let run = rig.localRoot("alpha").appending(path: ".synccli-trash/\(plan.trashFolder)")
        try rig.world.withTree { tree in
            try tree.makeDirectory(at: PathKey(run), intermediate: true)
            for attempt in 1...1000 {
                let name = attempt == 1 ? "a.txt" : "a.txt (\(attempt))"
                try tree.writeFile(Data("earlier".utf8), at: PathKey(run.appending(path: name)))
            }
        }
        let report = try await manager.apply(plan)
        #expect(report.failed.map(\.action.path.text) == ["a.txt"])
        #expect(report.failed.first?.reason.contains("already exists") == true, "\(report.failed)")
        #expect(rig.text(at: "a.txt", in: rig.localRoot("alpha")) == "a.txt")
    }
}

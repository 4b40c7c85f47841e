import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// A run's trash folders are made once, not once for each entry moved into them; a folder
/// removed behind the run's back is made again.
@Suite("Trash folders made once a run")
struct TrashFolderReuseTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    /// A synced pair whose container holds `names` in folder `d`, then edited here: the sync
    /// replaces each one in the container and moves the old versions into its trash.
    private func editedPair(_ names: [String]) async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in names { try rig.put("old \(name)", at: "d/\(name)", in: local) }
        try await manager.sync(pair)
        for name in names { try rig.put("new \(name)", at: "d/\(name)", in: local) }
        rig.world.clearJournal()
        return (manager, pair)
    }

    private var trashFolderMakes: [String] {
        rig.world.journal.filter { $0.operation == .makeDirectory && $0.url.path.contains(TrashLayout.folderName) }
            .map { $0.url.path.replacingOccurrences(of: rig.pairRoot.path, with: "") }
    }

    @Test("replacing three files of one folder asks for each trash folder once")
    func eachFolderOnce() async throws {
        let (manager, pair) = try await editedPair(["a", "b", "c"])
        let report = try await manager.sync(pair)
        #expect(report.isComplete && report.copied == 3)
        #expect(trashFolderMakes.count == 3, "\(trashFolderMakes)")
        #expect(Set(trashFolderMakes).count == 3)
        #expect(
            rig.allTexts(below: rig.pairRoot).isSuperset(of: ["old a", "old b", "old c", "new a", "new b", "new c"]))
    }

    @Test("a move that finds its trash folder gone makes the folders again and succeeds")
    func folderGoneMidRun() async throws {
        let (manager, pair) = try await editedPair(["a", "b"])
        // The second move fails as a missing folder would (another process emptied the trash).
        let gone = TreeError.notFound(try RelativePath("d/b"))
        rig.world.inject(Fault(gone, operation: .moveItem, path: rig.pairRoot.appending(path: "d/b"), repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.isComplete, "\(report.failed.map(\.reason))")
        #expect(rig.allTexts(below: rig.pairRoot).isSuperset(of: ["old a", "old b", "new a", "new b"]))
        #expect(
            trashFolderMakes.count == 6,
            "three for the first move, three again after the failed one: \(trashFolderMakes)")
    }

    @Test("a source that is really gone is skipped as changed since the plan, after one more try")
    func sourceGone() async throws {
        let (manager, pair) = try await editedPair(["a"])
        let gone = TreeError.notFound(try RelativePath("d/a"))
        rig.world.inject(Fault(gone, operation: .moveItem, path: rig.pairRoot.appending(path: "d/a")))
        let report = try await manager.sync(pair)
        #expect(report.failed.isEmpty)
        #expect(
            report.skipped.map(\.reason).contains(
                "d/a changed on the container side since the plan; it will be synced next run"),
            "\(report.skipped)")
        let moves = rig.world.journal.filter { $0.operation == .moveItem }
        #expect(moves.count == 2, "the move and its one retry: \(moves)")
        #expect(rig.text(at: "d/a", in: rig.pairRoot) == "old a", "nothing replaced what could not be kept")
    }
}

import FileTreeInterface
import Foundation
import InMemorySupport
import SyncEngine
import Testing

/// A plan applied after the tree changed under it: each action whose target is no longer what the
/// plan saw is skipped with the reason the user reads, and what appeared meanwhile is kept.
@Suite("Apply after the tree changed since the plan")
struct ApplyRaceTests {
    let rig = TestRig()

    func synced() async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        try rig.makeFolder("gone", in: rig.localRoot("alpha"))
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        return (manager, pair)
    }

    func skipped(_ report: SyncReport) -> [String] { report.skipped.map(\.reason) }

    @Test("a file that appeared where a copy goes is kept, and the copy is skipped with why")
    func copyTargetAppeared() async throws {
        let (manager, pair) = try await synced()
        try rig.put("mine", at: "new.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        try rig.put("theirs", at: "new.txt", in: rig.pairRoot)
        let report = try await manager.apply(plan)
        #expect(skipped(report) == ["new.txt appeared on the container side since the plan"])
        #expect(rig.text(at: "new.txt", in: rig.pairRoot) == "theirs")
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty)
    }

    @Test("a file that appeared between a copy's staging and its commit is kept; the copy is skipped")
    func copyTargetAppearedBeforeCommit() async throws {
        let (manager, pair) = try await synced()
        try rig.put("mine", at: "new.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        // The executor reports progress after staging each copy of a batch, before committing it.
        let rig = self.rig
        let report = try await manager.apply(plan) { _ in
            if !rig.exists("new.txt", in: rig.pairRoot) { try? rig.put("theirs", at: "new.txt", in: rig.pairRoot) }
        }
        #expect(skipped(report) == ["new.txt appeared on the container side since the plan"])
        #expect(report.copied == 0 && report.bytesCopied == 0)
        #expect(rig.text(at: "new.txt", in: rig.pairRoot) == "theirs")
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty)
    }

    @Test("a file where a folder is to be made is kept and the folder skipped; a folder there is fine")
    func folderTargetAppeared() async throws {
        let (manager, pair) = try await synced()
        try rig.makeFolder("dir", in: rig.localRoot("alpha"))
        try rig.makeFolder("same", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        try rig.put("theirs", at: "dir", in: rig.pairRoot)
        try rig.makeFolder("same", in: rig.pairRoot)
        let report = try await manager.apply(plan)
        #expect(
            skipped(report) == [
                "dir appeared on the container side since the plan", "an earlier step for dir did not complete",
            ])
        #expect(rig.text(at: "dir", in: rig.pairRoot) == "theirs")
        #expect(Set(report.done.map(\.path.text)) == ["same"])
    }

    @Test("a folder to remove that became a file meanwhile is kept, with why")
    func folderBecameFile() async throws {
        let (manager, pair) = try await synced()
        try rig.remove("gone", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        #expect(plan.actions.map(\.operation) == [.removeDirectory])
        try rig.remove("gone", in: rig.pairRoot)
        try rig.put("now a file", at: "gone", in: rig.pairRoot)
        let report = try await manager.apply(plan)
        #expect(skipped(report) == ["gone is no longer a folder on the container side"])
        #expect(rig.text(at: "gone", in: rig.pairRoot) == "now a file")
    }

    @Test("a mode change whose target became a folder meanwhile is skipped, with why")
    func modeTargetChangedKind() async throws {
        let (manager, pair) = try await synced()
        try rig.world.withTree {
            try $0.setPermissions(0o600, at: PathKey(rig.localRoot("alpha").appending(path: "a.txt")))
        }
        let plan = try await manager.plan(pair)
        #expect(plan.actions.map(\.operation) == [.setPermissions])
        try rig.remove("a.txt", in: rig.pairRoot)
        try rig.makeFolder("a.txt", in: rig.pairRoot)
        let report = try await manager.apply(plan)
        #expect(skipped(report) == ["a.txt changed on the container side since the plan; it will be synced next run"])
    }

    @Test("a rename whose new name was taken meanwhile keeps both files, with why")
    func renameTargetAppeared() async throws {
        let (manager, pair) = try await synced()
        try rig.move("a.txt", to: "b.txt", in: rig.localRoot("alpha"))
        let plan = try await manager.plan(pair)
        #expect(plan.actions.map(\.operation) == [.move])
        try rig.put("theirs", at: "b.txt", in: rig.pairRoot)
        let report = try await manager.apply(plan)
        #expect(skipped(report) == ["b.txt appeared on the container side since the plan"])
        #expect(rig.text(at: "a.txt", in: rig.pairRoot) == "a")
        #expect(rig.text(at: "b.txt", in: rig.pairRoot) == "theirs")
    }

    @Test("a plan made against another container folder is refused as outdated, changing nothing")
    func containerMoved() async throws {
        let (manager, pair) = try await synced()
        try rig.put("mine", at: "new.txt", in: rig.localRoot("alpha"))
        var plan = try await manager.plan(pair)
        plan.containerRoot = "/elsewhere/docs/"
        await #expect(throws: SyncError.planOutdated("the container moved to /container")) {
            try await manager.apply(plan)
        }
        #expect(!rig.exists("new.txt", in: rig.pairRoot))
    }

    @Test("a plan applied by a later run after the local folder was swapped for a link is refused; nothing is written")
    func localRootBecameLink() async throws {
        let (manager, pair) = try await synced()
        try rig.put("theirs", at: "new.txt", in: rig.pairRoot)
        let plan = try await manager.plan(pair)
        let machine = URL(filePath: "/machines/alpha", directoryHint: .isDirectory)
        try rig.world.withTree {
            try $0.moveItem(from: PathKey(rig.localRoot("alpha")), to: PathKey(machine.appending(path: "aside")))
        }
        try rig.makeFolder("elsewhere", in: machine)
        try rig.link("docs", to: "/machines/alpha/elsewhere", in: machine)
        // A later run (the CLI's `apply` of a saved plan) opens the roots afresh and finds the link.
        await #expect(throws: SyncError.rootIsLink(side: .local, path: "/machines/alpha/docs/")) {
            try await rig.manager("alpha").apply(plan)
        }
        #expect(rig.contents(of: machine.appending(path: "elsewhere"), includingOwnFiles: true).isEmpty)
        #expect(!rig.exists("new.txt", in: machine.appending(path: "aside")))
    }
}

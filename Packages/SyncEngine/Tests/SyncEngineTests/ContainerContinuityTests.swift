import FileAccessorMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Testing

@testable import SyncEngine

/// Issue: syncing a folder against a second, older container (a cloned backup disk) trashed local
/// files the other copy lacked, and a plan edited by hand could point a pair at any folder and
/// skip the marker guard. The archive now keeps the stamp of the container copy it describes.
@Suite("The container copy an archive describes, and plans from outside")
struct ContainerContinuityTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    /// Moves the pair's folder aside and puts `snapshot` (path → text, "/" for folders) in its place.
    func replacePairFolder(with snapshot: [String: String]) throws {
        try rig.move("docs", to: "docs-moved-aside", in: rig.container)
        try rig.makeFolder("docs", in: rig.container)
        for (path, text) in snapshot.sorted(by: { $0.key < $1.key }) {
            if text == "/" {
                try rig.makeFolder(path, in: rig.pairRoot)
            } else {
                try rig.put(text, at: path, in: rig.pairRoot)
            }
        }
    }

    func markerStamp() -> ContainerStamp? {
        if case .stamped(let stamp) = RootMarker.read(in: rig.pairRoot, accessor: MockFileAccessor(world: rig.world)) {
            return stamp
        }
        return nil
    }

    @Test("an older copy of the container (a cloned backup) is merged, never read as deletions")
    func olderCopyMerges() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a", "b"] { try rig.put(name, at: "\(name).txt", in: local) }
        try await manager.sync(pair)
        let backup = rig.contents(of: rig.pairRoot, includingOwnFiles: true)
        try rig.put("c", at: "c.txt", in: local)
        try await manager.sync(pair)
        try replacePairFolder(with: backup)
        // The disk is swapped between two runs: a new run opens the folder now at the path (a
        // manager keeps working in the roots it opened, wherever they move, as the Live one does).
        let nextRun = rig.manager("alpha")
        let report = try await nextRun.sync(pair)
        #expect(report.deleted == 0 && report.replaced == 0)
        #expect(report.wasFirstSync)
        #expect(report.warnings.contains { $0.contains("older copy") })
        #expect(rig.text(at: "c.txt", in: local) == "c")
        #expect(rig.text(at: "c.txt", in: rig.pairRoot) == "c")
        #expect(try await nextRun.plan(pair).actions.isEmpty)
    }

    @Test("another container with the same pair is merged, never read as deletions")
    func otherContainerMerges() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a", "b"] { try rig.put(name, at: "\(name).txt", in: local) }
        try await manager.sync(pair)
        try replacePairFolder(with: ["a.txt": "a"])
        try RootMarker.write(
            in: rig.pairRoot, pair: "docs", stamp: .fresh(), accessor: MockFileAccessor(world: rig.world))
        let report = try await rig.manager("alpha").sync(pair)  // a new run, as the container changed between runs
        #expect(report.deleted == 0)
        #expect(report.warnings.contains { $0.contains("another id") })
        #expect(rig.text(at: "b.txt", in: local) == "b" && rig.text(at: "b.txt", in: rig.pairRoot) == "b")
    }

    @Test("every sync that changes the pair raises the container's sequence; a no-op leaves it")
    func sequenceAdvances() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        let first = try #require(markerStamp())
        try rig.put("b", at: "b.txt", in: local)
        try await manager.sync(pair)
        let second = try #require(markerStamp())
        #expect(second.id == first.id && second.sequence == first.sequence + 1)
        try await manager.sync(pair)
        #expect(markerStamp() == second, "a sync that changes nothing leaves the marker alone")
        let other = rig.manager("beta")
        try await other.sync(try rig.pair("beta"))
        #expect(markerStamp()?.sequence == second.sequence + 1, "another machine's sync continues the same sequence")
        try rig.put("c", at: "c.txt", in: local)
        let report = try await manager.sync(pair)
        #expect(!report.wasFirstSync, "a higher sequence from another machine is the same copy")
    }

    @Test("a plan edited to point a known pair at another folder is refused")
    func editedPlanFolderRefused() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        try await manager.register(pair)
        try rig.put("b", at: "b.txt", in: local)
        var plan = try await manager.plan(pair)
        plan.localRoot = "/machines/alpha/elsewhere"
        plan.isFirstSync = true  // as the review's edited plan did, to skip the marker guard
        try rig.put("precious", at: "p.txt", in: URL(filePath: "/machines/alpha/elsewhere"))
        await #expect(
            throws: SyncError.planRefused(
                "it is for /machines/alpha/elsewhere, but the pair docs syncs /machines/alpha/docs on this machine")
        ) { try await manager.apply(plan) }
        #expect(!rig.exists(".synccli-root", in: URL(filePath: "/machines/alpha/elsewhere")))
        #expect(!rig.exists("a.txt", in: URL(filePath: "/machines/alpha/elsewhere")))
    }

    @Test("a plan that claims a first sync it is not is refused: the marker guard cannot be skipped")
    func editedPlanFirstSyncRefused() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        try rig.put("b", at: "b.txt", in: rig.pairRoot)
        var plan = try await manager.plan(pair)
        try rig.remove(".synccli-root", in: local)  // an unmounted or replaced folder, say
        await #expect(throws: SyncError.self) { try await manager.plan(pair) }
        plan.isFirstSync = true
        await #expect(throws: SyncError.self) { try await manager.apply(plan) }
        #expect(!rig.exists(".synccli-root", in: local), "no marker written: the guard held")
    }

    @Test("a container inside the synced folder is refused")
    func containerInsideLocal() async throws {
        let manager = rig.manager("alpha")
        let outer = try SyncPair(name: "docs", localRoot: URL(filePath: "/", directoryHint: .isDirectory))
        await #expect(throws: SyncError.nestedRoots("the container's copy of docs is inside / (at container)")) {
            try await manager.plan(outer)
        }
    }

    @Test("a synced folder that is the container's copy of its pair itself is refused")
    func localIsPairFolder() async throws {
        let manager = rig.manager("alpha")
        try rig.makeFolder("docs", in: rig.container)
        let same = try SyncPair(name: "docs", localRoot: rig.pairRoot)
        await #expect(throws: SyncError.nestedRoots("/container/docs/ is the container or the pair's folder in it")) {
            try await manager.plan(same)
        }
    }

    @Test("a synced folder inside the container's copy of its pair is refused")
    func localInsideContainer() async throws {
        let manager = rig.manager("alpha")
        try rig.put("x", at: "inner/x.txt", in: rig.pairRoot)
        let inner = try SyncPair(
            name: "docs", localRoot: rig.pairRoot.appending(path: "inner", directoryHint: .isDirectory))
        await #expect(throws: SyncError.self) { try await manager.sync(inner) }
        #expect(!rig.exists("inner/inner", in: rig.pairRoot))
    }

    @Test("a pair folder swapped for a link between plan and apply gets no marker written through the link")
    func swappedPairFolderRefused() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try rig.makeFolder("docs", in: rig.container)
        let plan = try await manager.plan(pair)
        let elsewhere = URL(filePath: "/elsewhere", directoryHint: .isDirectory)
        try rig.makeFolder("elsewhere", in: URL(filePath: "/"))
        try rig.move("docs", to: "docs-aside", in: rig.container)
        try rig.link("docs", to: "/elsewhere", in: rig.container)
        await #expect(throws: SyncError.rootReplaced(rig.pairRoot.path(percentEncoded: false))) {
            try await manager.apply(plan)
        }
        #expect(rig.contents(of: elsewhere, includingOwnFiles: true).isEmpty, "nothing written through the link")
    }

    @Test("a pair folder swapped after the copies, before the new stamp is written, stops the sync: no stamp lands")
    func swappedBeforeStamp() async throws {
        let pair = try rig.pair("alpha")
        try await rig.manager("alpha").sync(pair)  // the pair exists, stamped
        let stamped = try #require(markerStamp())
        try rig.put("a", at: "a.txt", in: local)
        // Once the copies are in place, the pair's folder is moved aside and a new, empty one made
        // at its path (a disk swapped in the middle of a sync).
        let folder = PathKey(rig.pairRoot)
        let copier = HookedCopier(base: MockFileCopier(world: rig.world)) { _, _ in
        } afterCommit: { [world = rig.world] results in
            try? world.withTree { tree in
                try tree.moveItem(from: folder, to: folder.parent.appending(Array("docs-aside".utf8)))
                try tree.makeDirectory(at: folder)
            }
            return results
        }
        let swapping = rig.manager("alpha", copier: copier)
        await #expect(throws: SyncError.rootReplaced(rig.pairRoot.path(percentEncoded: false))) {
            try await swapping.sync(pair)
        }
        let aside = rig.container.appending(path: "docs-aside", directoryHint: .isDirectory)
        #expect(rig.text(at: "a.txt", in: aside) == "a", "the copy went to the folder worked in")
        #expect(RootMarker.read(in: aside, accessor: MockFileAccessor(world: rig.world)) == .stamped(stamped))
        #expect(rig.contents(of: rig.pairRoot, includingOwnFiles: true).isEmpty, "nothing lands in the new folder")
    }
}

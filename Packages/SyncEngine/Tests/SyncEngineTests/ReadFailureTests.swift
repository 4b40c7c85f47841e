import FileAccessorMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import SyncEngine
import Testing

/// A read the plan needs fails (a disk error, a root swapped or unmounted while the tree was
/// listed): one error naming the folder or file as the user typed it, and nothing written.
@Suite("Reads that fail while planning")
struct ReadFailureTests {
    let rig = TestRig()
    static let local = "/machines/alpha/docs/"
    static let pairFolder = "/container/docs/"
    static let diskError = TreeError.io(path: .root, code: 5, message: "Input/output error")

    func synced() async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        try rig.put("a", at: "a.txt", in: rig.localRoot("alpha"))
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        return (manager, pair)
    }

    /// Fails every read of the document at `url`, however the seam reads documents.
    func failReads(of url: URL) {
        for operation in [MockOperation.read, .readDocument] {
            rig.world.inject(Fault(CocoaError(.fileReadNoPermission), operation: operation, path: url))
        }
    }

    static let scanFailures: [(SyncSide, TreeError, SyncError)] = [
        (.local, diskError, .io(path: local, underlying: UnderlyingError(diskError))),
        (.local, .rootUnavailable(local, reason: .symbolicLink), .rootIsLink(side: .local, path: local)),
        (.local, .rootUnavailable(local), .localFolderMissing(local)),
        (.container, diskError, .io(path: pairFolder, underlying: UnderlyingError(diskError))),
        (
            .container, .rootUnavailable(pairFolder, reason: .symbolicLink),
            .rootIsLink(side: .container, path: pairFolder)
        ),
    ]

    @Test(
        "a scan that fails after the roots were checked is one error naming the folder; nothing changes",
        arguments: scanFailures.indices)
    func scanFails(index: Int) async throws {
        let (side, thrown, expected) = Self.scanFailures[index]
        let (manager, pair) = try await synced()
        try rig.put("new", at: "new.txt", in: rig.localRoot("alpha"))
        let root = side == .local ? rig.localRoot("alpha") : rig.pairRoot
        rig.world.inject(Fault(thrown, operation: .scan, path: root))
        let before = [rig.contents(of: rig.localRoot("alpha")), rig.contents(of: rig.pairRoot)]
        await #expect(throws: expected) { try await manager.sync(pair) }
        #expect([rig.contents(of: rig.localRoot("alpha")), rig.contents(of: rig.pairRoot)] == before)
    }

    @Test("an ignore file that cannot be read stops the sync, naming the file (nothing ignored would be synced)")
    func ignoreFileUnreadable() async throws {
        let (manager, pair) = try await synced()
        try rig.put("*.tmp\n", at: ".synccliignore", in: rig.localRoot("alpha"))
        try rig.put("scratch", at: "x.tmp", in: rig.localRoot("alpha"))
        failReads(of: rig.localRoot("alpha").appending(path: ".synccliignore"))
        do {
            try await manager.sync(pair)
            Issue.record("the sync ran without its ignore rules")
        } catch let error as SyncError {
            #expect(error.description.hasPrefix(Self.local + ".synccliignore"), "\(error)")
        }
        #expect(!rig.exists("x.tmp", in: rig.pairRoot))
    }

    @Test("a container root marker that cannot be read is a first-sync merge with the reason; nothing is deleted")
    func markerUnreadable() async throws {
        let (manager, pair) = try await synced()
        try rig.remove("a.txt", in: rig.localRoot("alpha"))
        failReads(of: rig.pairRoot.appending(path: ".synccli-root"))
        let plan = try await manager.plan(pair)
        #expect(plan.isFirstSync)
        #expect(
            plan.warnings.contains {
                $0.contains("has a root marker that cannot be read (\(Self.pairFolder).synccli-root")
            }, "\(plan.warnings)")
        #expect(plan.actions.allSatisfy { !$0.isDeletion })
    }

    @Test("a local folder given as a URL no side opener takes is one error naming it; nothing is written")
    func localFolderNotAFileURL() async throws {
        let manager = rig.manager("alpha")
        let url = try #require(URL(string: "ftp://host/docs/"))
        let pair = try SyncPair(name: "docs", localRoot: url)
        let refusal = TreeError.rootUnavailable("ftp://host/docs/")
        await #expect(throws: SyncError.io(path: "/docs/", underlying: UnderlyingError(refusal))) {
            try await manager.sync(pair)
        }
        #expect(rig.contents(of: rig.container, includingOwnFiles: true).isEmpty)
    }
}

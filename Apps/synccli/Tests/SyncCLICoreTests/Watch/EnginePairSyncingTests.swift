import Foundation
import SyncEngine
import SyncWatch
import Testing

@testable import SyncCLICore

@Suite("The engine as a watch loop's PairSyncing")
struct EnginePairSyncingTests {
    let pair: SyncPair

    init() throws {
        pair = try SyncPair(
            name: "docs", localRoot: URL(filePath: "/machines/laptop/docs"), container: URL(filePath: "/container"))
    }

    @Test(
        "each engine error becomes the outcome the loop paces by, with the error's line",
        arguments: [
            (SyncError.containerNotAvailable, "container unavailable"),
            (.containerUnreachable("connection refused"), "container unavailable"),
            (.pairLocked(holder: "synccli pid 7 on laptop"), "busy"),
            (.rootMarkerMissing(side: .container, path: "/container/docs"), "refused"),
            (.tooManyDeletions(side: .local, count: 9, total: 10, limitPercent: 50), "refused"),
            (.rootIsLink(side: .local, path: "/machines/laptop/docs"), "refused"),
            (.corruptState(path: "/state/archive", reason: "not JSON"), "failed"),
            (.io(path: "/container/docs/a", underlying: UnderlyingError(CocoaError(.fileWriteOutOfSpace))), "failed"),
        ])
    func mapped(error: SyncError, kind: String) async {
        let syncing = EnginePairSyncing(
            makeEngine: { FailingEngine(error: error) }, pairs: [pair], options: SyncOptions())
        let outcome = await syncing.sync(pair: "docs")
        #expect(outcome.description == "\(kind): \(error.description)")
    }

    @Test("a pair it was not given is a failure naming it, and nothing is synced")
    func unknown() async {
        let syncing = EnginePairSyncing(
            makeEngine: { FailingEngine(error: .containerNotAvailable) }, pairs: [pair], options: SyncOptions())
        #expect(await syncing.sync(pair: "photos") == .failed(SyncError.unknownPair("photos").description))
    }

    @Test("a sync that ran to its end is synced, and the file is in the container")
    func synced() async throws {
        let rig = try CLIRig()
        let docs = rig.docs()
        try rig.put("a", at: "a.txt", in: docs)
        let pair = try SyncPair(name: "docs", localRoot: docs, container: rig.container)
        let syncing = EnginePairSyncing(makeEngine: { rig.manager("laptop") }, pairs: [pair], options: SyncOptions())
        #expect(await syncing.sync(pair: "docs") == .synced)
        #expect(rig.read("docs/a.txt", in: rig.container) == "a")
    }
}

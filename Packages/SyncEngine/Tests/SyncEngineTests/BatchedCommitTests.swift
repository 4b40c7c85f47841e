import FileAccessorMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import Testing

@testable import SyncEngine

/// Copies are staged, then committed in batches: a copy counts (and is recorded in the archive)
/// only once its commit succeeded, and a failed commit loses nothing and leaves nothing behind.
@Suite("Batched commits of copies")
struct BatchedCommitTests {
    let rig = TestRig()
    var local: URL { rig.localRoot("alpha") }

    static func copy(_ path: String, group: String? = nil, size: Int64 = 10) throws -> SyncAction {
        let relative = try RelativePath(path)
        let entry = TreeEntry(
            path: relative, kind: .file, size: size, modificationNanoseconds: 0,
            identity: FileIdentity(device: 1, inode: 1),
            permissions: 0o644)
        return SyncAction(
            .copy, on: .container, path: relative, source: relative, expected: entry,
            group: try RelativePath(group ?? path), reason: "test")
    }

    @Test("batches hold whole groups, at most batchCopies copies and about batchBytes bytes")
    func batchLimits() throws {
        let many = try (0..<(PlanExecutor.batchCopies + 10)).map { try Self.copy("f\($0)") }
        #expect(PlanExecutor.batches(of: many[...]).map(\.count) == [PlanExecutor.batchCopies, 10])

        // A group of three straddling the limit moves whole into the next batch.
        var straddling = try (0..<(PlanExecutor.batchCopies - 1)).map { try Self.copy("f\($0)") }
        straddling += try (0..<3).map { try Self.copy("g\($0)", group: "g") }
        let split = PlanExecutor.batches(of: straddling[...])
        #expect(split.map(\.count) == [PlanExecutor.batchCopies - 1, 3])
        #expect(split.last?.allSatisfy { $0.group.text == "g" } == true)

        let big = PlanExecutor.batchBytes * 6 / 10
        let large = try (0..<3).map { try Self.copy("big\($0)", size: big) }
        #expect(PlanExecutor.batches(of: large[...]).map(\.count) == [1, 1, 1])
        let alone = try Self.copy("huge", size: PlanExecutor.batchBytes * 2)
        #expect(PlanExecutor.batches(of: [alone][...]).map(\.count) == [1])
        #expect(PlanExecutor.batches(of: [][...]).isEmpty)
    }

    @Test("a copy whose commit fails is not counted or recorded; the others are, and the next sync completes")
    func oneCommitFails() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a", "b", "c"] { try rig.put(name, at: "\(name).txt", in: local) }
        let failure = TreeError.io(path: try RelativePath("b.txt"), code: EIO, message: "Input/output error")
        rig.world.inject(Fault(failure, operation: .commitCopy, onCall: 2, repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.copied == 2)
        #expect(report.failed.map(\.action.path.text) == ["b.txt"])
        #expect(report.bytesCopied == 2)
        #expect(rig.contents(of: rig.pairRoot) == ["a.txt": "a", "c.txt": "c"])
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty)
        let again = try await manager.sync(pair)
        #expect(again.copied == 1 && again.isComplete)
        #expect(rig.contents(of: rig.pairRoot) == rig.contents(of: local))
    }

    @Test("a failed flush fails the whole batch and leaves the container as it was")
    func flushFails() async throws {
        let manager = rig.manager("alpha", copyWorkers: 4)
        let pair = try rig.pair("alpha")
        for index in 0..<20 { try rig.put("v\(index)", at: "d\(index % 3)/f\(index).txt", in: local) }
        let failure = TreeError.io(path: .root, code: EIO, message: "Input/output error")
        rig.world.inject(Fault(failure, operation: .flushCopies, repeats: .once))
        let report = try await manager.sync(pair)
        #expect(report.copied == 0 && report.failed.count == 20 && report.bytesCopied == 0)
        #expect(rig.contents(of: rig.pairRoot).values.allSatisfy { $0 == "/" }, "only folders may be there")
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty)
        #expect(try await manager.sync(pair).copied == 20)
        #expect(rig.contents(of: rig.pairRoot) == rig.contents(of: local))
    }

    @Test("temporary files a killed sync left are removed by the next one, which still completes")
    func leftoversRemoved() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        for name in ["a", "b"] { try rig.put(name, at: "d/\(name).txt", in: local) }
        try await manager.sync(pair)
        try rig.put("new", at: "d/n.txt", in: local)
        try rig.put("stale", at: "d/\(StagedCopy.temporaryName(in: rig.pairRoot, random: 0xab))", in: rig.pairRoot)
        try rig.put("stale", at: StagedCopy.temporaryName(in: local, random: 0xcd), in: local)
        try rig.put("mine", at: "\(StagedCopy.temporaryPrefix)notours", in: local)  // not a staged copy's name
        try rig.remove("d/a.txt", in: local)
        let report = try await manager.sync(pair)
        #expect(report.isComplete && report.copied == 1 && report.deleted == 1)
        #expect(rig.temporaryFiles(below: rig.pairRoot).isEmpty && rig.temporaryFiles(below: local).isEmpty)
        #expect(rig.text(at: "\(StagedCopy.temporaryPrefix)notours", in: local) == "mine")
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("a user's file named like a temporary file, and a nested pair's in-flight copy, are never removed")
    func foreignTemporariesKept() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        let lookalike = StagedCopy.temporaryPrefix + "0123456789abcdef"  // the shape, another root's tag
        #expect(StagedCopy.isTemporaryName(lookalike) && !StagedCopy.isTemporaryName(lookalike, madeIn: local))
        try rig.put("user's", at: "d/\(lookalike)", in: local)
        try rig.put("user's too", at: lookalike, in: rig.pairRoot)
        let nested = local.appending(path: "nested", directoryHint: .isDirectory)
        let inFlight = "nested/" + StagedCopy.temporaryName(in: nested, random: 7)
        try rig.put("another pair's copy", at: inFlight, in: local)
        try rig.put("b", at: "b.txt", in: local)
        let report = try await manager.sync(pair)
        #expect(report.isComplete && report.copied == 1)
        #expect(rig.text(at: "d/\(lookalike)", in: local) == "user's")
        #expect(rig.text(at: lookalike, in: rig.pairRoot) == "user's too")
        #expect(rig.text(at: inFlight, in: local) == "another pair's copy")
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("a failed flush stops the sync before its archive is saved, and the next sync completes")
    func flushOfChangesFails() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        try rig.put("b", at: "b.txt", in: local)
        try rig.put("a2", at: "a.txt", in: rig.pairRoot)
        let failure = TreeError.io(path: .root, code: EIO, message: "Input/output error")
        rig.world.inject(Fault(failure, operation: .flush, path: rig.container, repeats: .once))
        await #expect(throws: SyncError.self) { try await manager.sync(pair) }
        let plan = try await manager.plan(pair)
        #expect(plan.records.contains { $0.path.text == "b.txt" }, "the archive must not record b.txt yet")
        let report = try await manager.sync(pair)
        #expect(report.isComplete)
        #expect(rig.contents(of: local) == rig.contents(of: rig.pairRoot))
        #expect(rig.text(at: "a.txt", in: local) == "a2")
        #expect(try await manager.plan(pair).actions.isEmpty)
    }

    @Test("only a side the sync changed is flushed: a side that only gave copies waits for nothing")
    func flushesOnlyChangedSides() async throws {
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try rig.put("a", at: "a.txt", in: local)
        try await manager.sync(pair)
        func flushed() -> [URL] {
            let all = rig.world.journal.filter { $0.operation == .flush }.map(\.url)
            defer { rig.world.clearJournal() }
            return all
        }
        _ = flushed()
        try rig.put("a2", at: "a.txt", in: local)  // only the container changes
        try await manager.sync(pair)
        #expect(flushed().map(\.path) == [rig.container.path])
        try rig.put("a3", at: "a.txt", in: rig.pairRoot)  // only this machine's folder changes
        try await manager.sync(pair)
        #expect(flushed().map(\.path) == [local.path])
    }

    @Test(
        "a copy whose commit gave no result fails with a clear reason instead of crashing, and the next sync settles it"
    )
    func commitAnswersTooFewResults() async throws {
        let pair = try rig.pair("alpha")
        for name in ["a", "b", "c"] { try rig.put(name, at: "\(name).txt", in: local) }
        // A copier with a bug: its commit places every copy but answers one result too few.
        let buggy = rig.manager(
            "alpha", copier: HookedCopier(base: MockFileCopier(world: rig.world), afterCommit: { Array($0.dropLast()) })
        )
        let report = try await buggy.sync(pair)
        #expect(report.copied == 2)
        #expect(report.failed.map(\.action.path.text) == ["c.txt"])
        #expect(report.failed.first?.reason.contains("no commit result") == true)
        #expect(rig.contents(of: rig.pairRoot) == rig.contents(of: local), "the unanswered copy was still placed")
        let again = try await rig.manager("alpha").sync(pair)
        #expect(again.isComplete && again.copied == 0)
        #expect(try await rig.manager("alpha").plan(pair).actions.isEmpty)
    }
}

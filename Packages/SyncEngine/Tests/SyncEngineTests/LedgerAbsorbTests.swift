import FileTreeInterface
import Testing

@testable import SyncEngine

/// The executor runs a batch's groups on several threads, each into a ledger of its own, and adds
/// them up with `Ledger.absorb`: a counter it forgot would make the report (and the trash's record)
/// say less than the sync did, whichever actions run concurrently today.
@Suite("A group's ledger adds up into the run's")
struct LedgerAbsorbTests {
    func ledger(_ n: Int, path: String) throws -> PlanExecutor.Ledger {
        let at = try RelativePath(path)
        let action = SyncAction(.trash, on: .local, path: at, group: at, reason: "test \(n)")
        var ledger = PlanExecutor.Ledger(report: SyncReport(pair: "p"))
        ledger.report.copied = n
        ledger.report.bytesCopied = Int64(10 * n)
        ledger.report.deleted = 100 * n
        ledger.report.replaced = 1_000 * n
        ledger.report.foldersChanged = 10_000 * n
        ledger.report.moved = 100_000 * n
        ledger.report.skipped = [.init(action: action, reason: "skipped \(n)")]
        ledger.report.failed = [.init(action: action, reason: "failed \(n)")]
        ledger.unfinished = [at]
        ledger.trashed.note(nil, on: .container, madeRun: n == 2)
        let entry = TreeEntry(
            path: at, kind: .file, size: Int64(n), modificationNanoseconds: 0, identity: FileIdentity(high: 0, low: 1),
            permissions: 0o644)
        ledger.known.note(Seen(entry), at: at, on: .local)
        return ledger
    }

    @Test("every counter and list of the other ledger is added")
    func everythingAdds() throws {
        var first = try ledger(1, path: "a")
        first.absorb(try ledger(2, path: "b"))
        let report = first.report
        #expect(report.copied == 3 && report.bytesCopied == 30)
        #expect(report.deleted == 300 && report.replaced == 3_000)
        #expect(report.foldersChanged == 30_000 && report.moved == 300_000)
        #expect(report.skipped.map(\.reason) == ["skipped 1", "skipped 2"])
        #expect(report.failed.map(\.reason) == ["failed 1", "failed 2"])
        #expect(first.unfinished == [try RelativePath("a"), try RelativePath("b")])
        #expect(first.known.takeTables()[.local]?.keys.map(\.text) == ["a", "b"])
        #expect(first.trashed.runFolder(on: .container) != nil, "the other group made the run folder")
    }
}

import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The stored formats' rarer values and refusals: what another version or a damaged file gives
/// is refused with the reason the user reads, and a value the engine keeps unknown stays unknown.
@Suite("Stored formats: unknown values and refusals")
struct StoredFormatRefusalTests {
    func record(_ path: String, permissions: UInt32?) throws -> ArchiveRecord {
        let snapshot = SideSnapshot(
            size: 3, modificationNanoseconds: 7, identity: FileIdentity(device: 1, inode: 2), permissions: permissions)
        return ArchiveRecord(
            path: try RelativePath(path), kind: .file, size: 3, digest: nil, local: snapshot, container: snapshot)
    }

    @Test("a record whose modes are unknown is written as - and read back unknown (never as mode 0)")
    func unknownModes() throws {
        let archive = Archive(
            pair: "p", generation: 2, records: [try RelativePath("a"): try record("a", permissions: nil)])
        let data = try archive.encoded()
        #expect(String(decoding: data, as: UTF8.self).contains("\t-\t-\ta\n"))
        let decoded = try Archive.decode(data, pair: "p")
        #expect(decoded == archive)
        #expect(decoded.records[try RelativePath("a")]?.local.permissions == nil)
    }

    @Test(
        "an archive whose pair name holds a broken % escape is refused as damaged; in a path, its record is",
        arguments: ["%zz", "%2"])
    func brokenEscape(escape: String) throws {
        let archive = Archive(
            pair: "p", generation: 2, records: [try RelativePath("a"): try record("a", permissions: 0o644)])
        let text = String(decoding: try archive.encoded(), as: UTF8.self)
        let brokenPair = text.replacingOccurrences(of: "pair p\n", with: "pair p\(escape)\n")
        #expect(brokenPair != text)
        #expect(throws: ArchiveProblem.corrupt("escape")) { try Archive.decode(Data(brokenPair.utf8), pair: "p") }
        let brokenPath = text.replacingOccurrences(of: "\ta\n", with: "\ta\(escape)\n")
        #expect(brokenPath != text)
        #expect(throws: ArchiveProblem.corrupt("record 1 is malformed")) {
            try Archive.decode(Data(brokenPath.utf8), pair: "p")
        }
    }

    @Test("a container document that is not JSON of one is refused as damaged, naming its path")
    func notAContainerDocument() {
        let error = SyncError.corruptState(path: "/c/.synccli-data.json", reason: "not a container document")
        #expect(throws: error) { try ContainerDocument.decode(Data("[1]".utf8), path: "/c/.synccli-data.json") }
    }

    @Test("a plan file that is not a plan, or of another version, is refused with why")
    func planRefusals() throws {
        #expect(throws: SyncError.corruptState(path: "plan", reason: "not a sync plan")) {
            try SyncPlan.decode(Data("{}".utf8))
        }
        var plan = SyncPlan(
            version: 2, pair: "docs", localRoot: "/l/", containerRoot: "/c/docs/", machine: "m",
            createdAt: Date(timeIntervalSince1970: 100), archiveGeneration: 1, isFirstSync: false,
            trashFolder: "t", actions: [], conflicts: [], records: [], warnings: [])
        #expect(throws: SyncError.corruptState(path: "plan", reason: "plan version 2 is not supported")) {
            try SyncPlan.decode(try plan.encoded())
        }
        #expect(
            SyncError.corruptState(path: "plan", reason: "plan version 2 is not supported").description.contains(
                "plan version 2 is not supported"))
        plan.version = SyncPlan.currentVersion
        #expect(plan.isEmpty)
        // An approval time with a fraction (another tool's) reads as the whole second, as saved.
        plan.approvedDeletions = ApprovedDeletions(
            machine: "m", approvedAt: Date(timeIntervalSince1970: 1_700_000_000.75), count: 3)
        let text = String(decoding: try plan.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "2023-11-14T22:13:20Z", with: "2023-11-14T22:13:20.750Z")
        #expect(text.contains("20.750Z"))
        let read = try SyncPlan.decode(Data(text.utf8))
        #expect(read.approvedDeletions?.approvedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("an approval of another version is ignored with why")
    func approvalVersion() throws {
        let approval = DeletionApproval(
            pair: "docs", machine: "laptop", approvedAt: Date(timeIntervalSince1970: 0),
            container: ContainerStamp(id: String(repeating: "b", count: 32), sequence: 3),
            paths: [try RelativePath("a.txt")])
        let text = String(decoding: try approval.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        #expect(throws: ApprovalProblem("version 2 is not supported")) {
            try DeletionApproval.decode(Data(text.utf8), pair: "docs")
        }
    }

    @Test("an archive's container stamp of sequence 0 (a fresh marker's) reads back; a negative one is refused")
    func archiveStampSequenceZero() throws {
        let stamp = ContainerStamp.fresh()
        let archive = Archive(pair: "docs", generation: 1, container: stamp)
        #expect(try Archive.decode(try archive.encoded(), pair: "docs").container == stamp)
        let negative = String(decoding: try archive.encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\(stamp.id) 0", with: "\(stamp.id) -1")
        #expect(negative != String(decoding: try archive.encoded(), as: UTF8.self))
        #expect(throws: (any Error).self) { try Archive.decode(Data(negative.utf8), pair: "docs") }
    }

    @Test("the lines a user reads: an unsynced path, an unknown pair")
    func descriptions() throws {
        #expect(
            UnsyncedPath(side: .local, path: try RelativePath("a/b"), reason: "cannot be read").description
                == "local: a/b: cannot be read")
        #expect(UnsyncedPath(side: nil, path: .root, reason: "names collide").description == ".: names collide")
        #expect(SyncError.unknownPair("docs").description == "no pair named docs is known on this machine")
    }
}

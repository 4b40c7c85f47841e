import FileAccessorMock
import FileTreeInterface
import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// Archives and plans written while identities were a device and an inode still read, to the
/// same identities the sides make now.
@Suite("Stored identities from before they were opaque")
struct ArchiveCompatibilityTests {
    /// A server file's identity as WebDAVSide stored it before: device `WEBDAV` in ASCII, inode
    /// the low half of the ETag's digest.
    static let etag = "\"5e1f-64b\""
    static let oldServerInode = ContentDigest(of: Array(etag.utf8)).low

    /// An archive of version 2 written before the change: a local file (device 2049, inode 131074)
    /// against a server file, and a folder.
    static let oldArchive =
        "synccli-archive 2\npair docs\ngeneration 7\n"
        + "d\t0\t-\t0\t2049\t131073\t0\t95954976129366\t12345\t755\t755\tdir\n"
        + "f\t3\t0123456789abcdef0123456789abcdef\t1764497700123456789\t2049\t131074\t1764497700123456789"
        + "\t95954976129366\t\(oldServerInode)\t644\t600\tdir/a.txt\n"

    @Test("an archive written before identities were opaque reads to the identities sides make now")
    func oldArchiveReads() throws {
        let archive = try Archive.decode(Data(Self.oldArchive.utf8), pair: "docs")
        let file = try #require(archive.records[try RelativePath("dir/a.txt")])
        #expect(file.local.identity == FileIdentity(device: 2049, inode: 131_074))
        #expect(file.container.identity == FileIdentity(version: Self.etag))
        #expect(file.local.permissions == 0o644 && file.container.permissions == 0o600)
        let folder = try #require(archive.records[try RelativePath("dir")])
        #expect(folder.container.identity == FileIdentity(high: FileIdentity.versionTag, low: 12_345))
    }

    @Test("it is written back byte for byte: the stored form, and its size per entry, did not change")
    func oldArchiveRoundTrips() throws {
        let archive = try Archive.decode(Data(Self.oldArchive.utf8), pair: "docs")
        #expect(String(decoding: try archive.encoded(), as: UTF8.self) == Self.oldArchive)
    }

    @Test("a different ETag is a different identity, a server identity never equals a local one")
    func versionsDiffer() {
        #expect(FileIdentity(version: Self.etag) != FileIdentity(version: "\"5e1f-64c\""))
        #expect(FileIdentity(version: Self.etag) != FileIdentity(device: 2049, inode: Self.oldServerInode))
    }

    @Test("a plan's identity written as device and inode still decodes; new plans write the two words")
    func planIdentityKeys() throws {
        let old = try JSONDecoder().decode(FileIdentity.self, from: Data(#"{"device":2049,"inode":131074}"#.utf8))
        #expect(old == FileIdentity(device: 2049, inode: 131_074))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try encoder.encode(FileIdentity(high: 1, low: UInt64.max))
        #expect(String(decoding: written, as: UTF8.self) == #"{"high":1,"low":18446744073709551615}"#)
        #expect(try JSONDecoder().decode(FileIdentity.self, from: written) == FileIdentity(high: 1, low: UInt64.max))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FileIdentity.self, from: Data(#"{"inode":1}"#.utf8))
        }
    }

    // MARK: The archive's file name

    /// The folder of pair `docs`'s archive on alpha.
    static let archiveFolder = "/machines/alpha/state/pairs/646f6373/"
    static let current = archiveFolder + "archive.synccli-archive"
    static let previous = archiveFolder + "archive.json"

    /// Alpha synced four files; its archive is then moved back to the name it had before.
    func syncedUnderPreviousName(_ rig: TestRig) async throws -> (SyncManager, SyncPair) {
        let manager = rig.manager("alpha")
        for index in 0..<4 { try rig.put("file \(index)", at: "f\(index).txt", in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        try rig.world.withTree { tree in
            #expect(tree.entry(at: PathKey(path: Self.current)) != nil)
            let data = try tree.readFile(at: PathKey(path: Self.current))
            try tree.removeItem(at: PathKey(path: Self.current))
            try tree.writeFile(data, at: PathKey(path: Self.previous))
        }
        return (manager, pair)
    }

    func exists(_ path: String, in rig: TestRig) -> Bool {
        rig.world.withTree { $0.entry(at: PathKey(path: path)) != nil }
    }

    @Test(
        "an archive under its previous name (archive.json) is read, not taken for damage, and the next save migrates it"
    )
    func previousNameRead() async throws {
        let rig = TestRig()
        let (manager, pair) = try await syncedUnderPreviousName(rig)
        try rig.remove("f0.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(!report.wasFirstSync && report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.deleted == 1, "a first sync would have merged f0.txt back instead")
        #expect(rig.text(at: "f0.txt", in: rig.pairRoot) == nil)
        #expect(exists(Self.current, in: rig) && !exists(Self.previous, in: rig))
        let text = rig.world.withTree { (try? $0.readFile(at: PathKey(path: Self.current))) ?? Data() }
        #expect(String(decoding: text.prefix(18), as: UTF8.self) == "synccli-archive 2\n")
    }

    @Test("an archive from before container stamps (records, no container line) is taken as it is: a deletion syncs")
    func archiveWithoutStamp() async throws {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        for index in 0..<4 { try rig.put("file \(index)", at: "f\(index).txt", in: rig.localRoot("alpha")) }
        let pair = try rig.pair("alpha")
        try await manager.sync(pair)
        let key = PathKey(path: Self.current)
        let text = String(decoding: try rig.world.withTree { try $0.readFile(at: key) }, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("container ") })
        // (Kept out of the tree's closure: there, with this toolchain, the `#expect` above made the
        // closure of a `filter` after it run the expect's own predicate instead of its own.)
        let unstamped = lines.filter { !$0.hasPrefix("container ") }.joined(separator: "\n")
        try rig.world.withTree { try $0.writeFile(Data(unstamped.utf8), at: key) }
        try rig.remove("f3.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(!report.wasFirstSync && report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.deleted == 1, "a first sync would have merged f3.txt back instead")
        #expect(
            rig.text(at: "f3.txt", in: rig.pairRoot) == nil && rig.text(at: "f3.txt", in: rig.localRoot("alpha")) == nil
        )
    }

    @Test("a migration interrupted after the new file was written (both exist) reads the new file")
    func interruptedAfterWrite() async throws {
        let rig = TestRig()
        let (manager, pair) = try await syncedUnderPreviousName(rig)
        try rig.world.withTree { tree in
            try tree.writeFile(try tree.readFile(at: PathKey(path: Self.previous)), at: PathKey(path: Self.current))
            try tree.writeFile(Data("stale garbage".utf8), at: PathKey(path: Self.previous))
        }
        try rig.remove("f1.txt", in: rig.localRoot("alpha"))
        let report = try await manager.sync(pair)
        #expect(!report.wasFirstSync && report.warnings.isEmpty && report.deleted == 1, "\(report.warnings)")
        #expect(exists(Self.current, in: rig) && !exists(Self.previous, in: rig))
    }

    @Test("a migration whose write fails leaves the previous file, still read by the next sync")
    func interruptedWrite() async throws {
        let rig = TestRig()
        let (manager, pair) = try await syncedUnderPreviousName(rig)
        try rig.remove("f2.txt", in: rig.localRoot("alpha"))
        rig.world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, path: URL(filePath: Self.current)))
        await #expect(throws: SyncError.self) { try await manager.sync(pair) }
        rig.world.clearFaults()
        #expect(exists(Self.previous, in: rig) && !exists(Self.current, in: rig))
        let report = try await manager.sync(pair)
        #expect(!report.wasFirstSync && report.warnings.isEmpty, "\(report.warnings)")
        #expect(exists(Self.current, in: rig) && !exists(Self.previous, in: rig))
    }
}

import FileTreeInterface
import Foundation
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
}

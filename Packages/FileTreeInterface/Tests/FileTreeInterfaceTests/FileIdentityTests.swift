import FileTreeInterface
import Foundation
import Testing

@Suite("File identities are opaque words", .tags(.small))
struct FileIdentityTests {
    @Test("a POSIX identity stores device and inode as its two words")
    func posix() {
        #expect(FileIdentity(device: 2049, inode: 7) == FileIdentity(high: 2049, low: 7))
        #expect(FileIdentity(device: 2049, inode: 7) != FileIdentity(device: 2050, inode: 7))
        #expect(FileIdentity(device: 2049, inode: 7) != FileIdentity(device: 2049, inode: 8))
    }

    @Test("a version identity is the version tag and the low half of the version's digest")
    func version() {
        let etag = "\"abc-1\""
        #expect(FileIdentity(version: etag) == FileIdentity(version: etag))
        #expect(FileIdentity(version: etag) != FileIdentity(version: "\"abc-2\""))
        let identity = FileIdentity(version: etag)
        #expect(identity.high == FileIdentity.versionTag)
        #expect(identity.low == ContentDigest(of: Array(etag.utf8)).low)
    }
}

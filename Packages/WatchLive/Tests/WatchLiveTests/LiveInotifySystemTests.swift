import Foundation
import Testing

@testable import WatchLive

#if canImport(Glibc)
    import Glibc
#endif

@Suite("LiveInotifySystem tells folders from other entries, on file systems that leave d_type unknown too")
struct LiveInotifySystemTests {
    @Test("a known d_type decides alone; lstat is not asked")
    func knownTypeDecides() {
        #expect(LiveInotifySystem.isFolder(type: UInt8(DT_DIR)) { nil })
        #expect(!LiveInotifySystem.isFolder(type: UInt8(DT_REG)) { S_IFDIR })
        #expect(!LiveInotifySystem.isFolder(type: UInt8(DT_LNK)) { S_IFDIR })
    }

    @Test(
        "an unknown d_type is decided by lstat's mode: a folder only when it says folder, a link never",
        arguments: [(S_IFDIR | 0o755, true), (S_IFREG | 0o644, false), (S_IFLNK | 0o777, false), (nil, false)])
    func unknownTypeAsksLstat(mode: mode_t?, folder: Bool) {
        #expect(LiveInotifySystem.isFolder(type: UInt8(DT_UNKNOWN)) { mode } == folder)
    }

    @Test("a real folder's listing marks its subfolder, and only it, as a folder")
    func realListing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "sub"), withIntermediateDirectories: false)
        try Data("x".utf8).write(to: folder.url.appending(path: "file"))
        let system = LiveInotifySystem(descriptor: -1)  // listing needs no inotify descriptor
        let entries = try system.listFolder(Array(folder.url.path(percentEncoded: false).utf8)).get()
        #expect(entries.map { String(decoding: $0.name, as: UTF8.self) }.sorted() == ["file", "sub"])
        #expect(entries.filter(\.isFolder).map { String(decoding: $0.name, as: UTF8.self) } == ["sub"])
    }
}

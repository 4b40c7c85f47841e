import BookmarkInterface
import Foundation
import Testing

@testable import BookmarkLive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stored entry is read like every file the tool reads for itself: no link followed, no
/// blocking open, a regular file under a limit, and anything else one sentence.
@Suite("DefaultBookmarkStorage refuses an entry that is not a small regular file")
struct EntryRefusalTests {
    let home: TemporaryFolder
    let storage: DefaultBookmarkStorage
    let entry: String

    init() throws {
        home = try TemporaryFolder()
        let folder = home.url.appending(path: "bookmarks", directoryHint: .isDirectory)
        storage = DefaultBookmarkStorage(folder: folder)
        try storage.saveBookmark(Data("x".utf8), for: "k")
        entry = folder.appending(path: "6b.bookmark").path(percentEncoded: false)
        try FileManager.default.removeItem(atPath: entry)
    }

    func expectRefused(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let folder = storage.folder.path(percentEncoded: false).trimmingSuffix("/")
        #expect(
            throws: BookmarkError.storeRefused(path: folder, reason: "cannot read \(entry): \(reason)"),
            sourceLocation: sourceLocation
        ) {
            try storage.loadBookmark(for: "k")
        }
    }

    @Test("a FIFO is refused at once, without blocking")
    func fifo() {
        #expect(mkfifo(entry, 0o600) == 0)
        expectRefused("is a FIFO, not a regular file; refused")
    }

    @Test("a symbolic link (to /dev/zero) is refused, never followed")
    func linkToDevZero() throws {
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: "/dev/zero")
        expectRefused("is a symbolic link; links are never followed")
    }

    @Test("a folder is refused in words")
    func folder() throws {
        try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: false)
        expectRefused("is a folder, not a file")
    }

    @Test("a sparse 1 GiB entry is refused from its size, over the 16 MiB limit")
    func sparseGiB() throws {
        let fd = open(entry, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        #expect(DefaultBookmarkStorage.entryLimit == 16 << 20)
        expectRefused("1 GiB is over the 16 MiB limit for the tool's own files")
    }

    @Test("an entry of exactly the limit is saved and loads: the limit is the largest size allowed")
    func exactlyAtTheLimit() throws {
        // The entry holds the data in base64 (4 bytes for each 3) beside a fixed part that grows
        // with the key: find a key whose fixed part leaves a multiple of 4 bytes for the data.
        for key in ["a", "ab", "abc", "abcd"] {
            let fixed = try BookmarkEntry(key: key, data: Data()).encoded().count
            let room = DefaultBookmarkStorage.entryLimit - fixed
            guard room % 4 == 0 else { continue }
            let data = Data(repeating: 7, count: room / 4 * 3)
            try storage.saveBookmark(data, for: key)
            #expect(try storage.loadBookmark(for: key) == data)
            return
        }
        Issue.record("no key leaves a multiple of 4 bytes for the data")
    }

    @Test("a bookmark whose entry would be over the limit is refused when saved, so what is saved loads")
    func saveOverLimit() throws {
        #expect(throws: BookmarkError.self) {
            try storage.saveBookmark(Data(count: DefaultBookmarkStorage.entryLimit), for: "big")
        }
        #expect(try storage.loadBookmark(for: "big") == nil)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        count > 1 && hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

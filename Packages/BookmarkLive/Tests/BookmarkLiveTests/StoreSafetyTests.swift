import BookmarkInterface
import BookmarkLive
import Foundation
import Testing

@Suite("DefaultBookmarkStorage refuses unsafe stores and damaged entries")
struct StoreSafetyTests {
    let home: TemporaryFolder
    let folder: URL
    let manager = FileManager.default

    init() throws {
        home = try TemporaryFolder()
        folder = home.url.appending(path: "bookmarks", directoryHint: .isDirectory)
    }

    func entryFile() throws -> URL {
        let names = try manager.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        return folder.appending(path: try #require(names.first))
    }

    @Test("the store is created 0700 and each entry is 0600")
    func modes() throws {
        try DefaultBookmarkStorage(folder: folder).saveBookmark(Data("x".utf8), for: "k")
        #expect(try manager.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        #expect(try manager.attributesOfItem(atPath: try entryFile().path)[.posixPermissions] as? Int == 0o600)
    }

    @Test("a store that is a symbolic link is refused, and nothing is written through it")
    func symlinkStore() throws {
        let real = home.url.appending(path: "elsewhere", directoryHint: .isDirectory)
        try manager.createDirectory(
            at: real, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try manager.createSymbolicLink(at: folder, withDestinationURL: real)
        #expect(throws: BookmarkError.storeRefused(path: folder.path, reason: "it is a symbolic link")) {
            try DefaultBookmarkStorage(folder: folder).saveBookmark(Data("x".utf8), for: "k")
        }
        #expect(try manager.contentsOfDirectory(atPath: real.path).isEmpty)
    }

    @Test("a store that group or others can access is refused, for saves and loads")
    func openStore() throws {
        try manager.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let storage = DefaultBookmarkStorage(folder: folder)
        #expect(throws: BookmarkError.self) { try storage.saveBookmark(Data("x".utf8), for: "k") }
        #expect(throws: BookmarkError.self) { try storage.loadBookmark(for: "k") }
        do {
            _ = try storage.loadBookmark(for: "k")
        } catch let error as BookmarkError {
            #expect(error.description.contains("chmod 700"))
        }
    }

    @Test("a store owned by another user is refused")
    func foreignOwner() throws {
        try manager.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        guard getuid() == 0 else { return }  // only root can give a folder away; covered by the mode test otherwise
        try manager.setAttributes([.ownerAccountID: 65534], ofItemAtPath: folder.path)
        #expect(
            throws: BookmarkError.storeRefused(path: folder.path, reason: "it is owned by user 65534, not by this user")
        ) {
            try DefaultBookmarkStorage(folder: folder).loadBookmark(for: "k")
        }
    }

    @Test("a store that is a file is refused")
    func fileStore() throws {
        try Data().write(to: folder)
        #expect(throws: BookmarkError.storeRefused(path: folder.path, reason: "it is not a folder")) {
            try DefaultBookmarkStorage(folder: folder).saveBookmark(Data("x".utf8), for: "k")
        }
    }

    @Test("loading from a store that does not exist yet gives nil and creates nothing")
    func missingStore() throws {
        #expect(try DefaultBookmarkStorage(folder: folder).loadBookmark(for: "k") == nil)
        #expect(!manager.fileExists(atPath: folder.path))
    }

    @Test(
        "a damaged entry is an error, never nil or a crash",
        arguments: [
            Data(), Data("garbage".utf8), Data("{\"version\":1,\"key\":\"other\",\"data\":\"\"}".utf8),
            Data("{\"version\":9,\"key\":\"k\",\"data\":\"\"}".utf8),
        ])
    func damagedEntry(contents: Data) throws {
        let storage = DefaultBookmarkStorage(folder: folder)
        try storage.saveBookmark(Data("good".utf8), for: "k")
        try contents.write(to: try entryFile())
        #expect(throws: BookmarkError.corruptEntry(key: "k")) { try storage.loadBookmark(for: "k") }
    }

    @Test("hostile keys only ever create files inside the store")
    func keysStayInside() throws {
        let storage = DefaultBookmarkStorage(folder: folder)
        for key in ["../escape", "/etc/x", "a/b", "..", ".", "nul\u{0}byte"] {
            try storage.saveBookmark(Data(key.utf8), for: key)
        }
        #expect(try manager.contentsOfDirectory(atPath: home.url.path) == ["bookmarks"])
        #expect(try manager.contentsOfDirectory(atPath: folder.path).count == 6)
    }
}

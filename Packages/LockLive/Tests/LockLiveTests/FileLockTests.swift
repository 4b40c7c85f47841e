import Foundation
import LockInterface
import LockLive
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileLock beyond the contract")
struct FileLockTests {
    let home: TemporaryFolder
    let locks: URL

    init() throws {
        home = try TemporaryFolder()
        locks = home.url.appending(path: "state/synccli/locks", directoryHint: .isDirectory)
    }

    @Test("the folder is created 0700 with its ancestors, and each lock file is 0600")
    func permissions() throws {
        let lock = try FileLock(folder: locks).acquire("documents", holder: "me")
        defer { lock.release() }
        #expect(try FileStatus.of(locks.path(percentEncoded: false)).permissions == 0o700)
        let file = FileLock(folder: locks).lockFileURL(for: "documents")
        #expect(try FileStatus.of(file.path(percentEncoded: false)).permissions == 0o600)
    }

    @Test(
        "a lock file is named by the hex of the name's bytes",
        arguments: [
            ("documents", "646f63756d656e7473.lock"),
            ("../x", "2e2e2f78.lock"),
            ("", ".lock"),
            ("caf\u{E9}", "636166c3a9.lock"),
            ("cafe\u{301}", "63616665cc81.lock"),
        ])
    func fileNames(name: String, file: String) {
        #expect(FileLock(folder: locks).lockFileURL(for: name) == locks.appending(path: file))
    }

    @Test("the default folder is $XDG_STATE_HOME/synccli/locks")
    func defaultFolder() {
        #expect(
            FileLock().folder == XDGDirectories().state.appending(path: "synccli/locks", directoryHint: .isDirectory))
    }

    @Test("the holder text is in the lock file while held, and the file stays, empty, after release")
    func fileAfterRelease() throws {
        let locking = FileLock(folder: locks)
        let file = locking.lockFileURL(for: "pair")
        let lock = try locking.acquire("pair", holder: "synccli pid 12")
        #expect(try Data(contentsOf: file) == Data("synccli pid 12\n".utf8))
        lock.release()
        #expect(try Data(contentsOf: file).isEmpty)
    }

    @Test("a stale holder text left by a killed holder is replaced by the next holder's")
    func staleText() throws {
        let locking = FileLock(folder: locks)
        let lock = try locking.acquire("pair", holder: "first")
        lock.release()
        try Data("dead holder\n".utf8).write(to: locking.lockFileURL(for: "pair"))
        let next = try locking.acquire("pair", holder: "second")
        defer { next.release() }
        #expect(throws: LockError.held(by: "second")) { try FileLock(folder: locks).acquire("pair", holder: "third") }
    }

    @Test("a symbolic link in place of a lock file is refused, and its target is untouched")
    func linkedLockFile() throws {
        let locking = FileLock(folder: locks)
        try FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true)
        let target = home.url.appending(path: "target")
        try Data("precious".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: locking.lockFileURL(for: "pair"), withDestinationURL: target)
        #expect {
            try locking.acquire("pair", holder: "me")
        } throws: { error in
            guard case LockError.unavailable(let reason)? = error as? LockError else { return false }
            return reason.contains("Too many levels of symbolic links")
        }
        #expect(try Data(contentsOf: target) == Data("precious".utf8))
    }

    @Test("a lock folder that is a symbolic link is refused")
    func linkedFolder() throws {
        let real = home.url.appending(path: "real", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: locks.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: locks, withDestinationURL: real)
        #expect(throws: LockError.unavailable("the lock folder \(Self.path(locks)) is a symbolic link or not a folder"))
        {
            try FileLock(folder: locks).acquire("pair", holder: "me")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
    }

    @Test("a lock folder that cannot be opened for another reason says why, not that it is a link")
    func folderNameTooLong() throws {
        let folder = home.url.appending(path: String(repeating: "d", count: 256), directoryHint: .isDirectory)
        #expect(throws: LockError.unavailable("cannot open the lock folder \(Self.path(folder)): File name too long")) {
            try FileLock(folder: folder).acquire("pair", holder: "me")
        }
    }

    @Test("a lock folder group or others can write is refused")
    func openFolder() throws {
        try FileManager.default.createDirectory(at: locks, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: locks.path)
        #expect {
            try FileLock(folder: locks).acquire("pair", holder: "me")
        } throws: { error in
            guard case LockError.unavailable(let reason)? = error as? LockError else { return false }
            return reason.contains("chmod 700")
        }
    }

    @Test("a name too long for a file name is refused with unavailable")
    func longName() throws {
        let name = String(repeating: "n", count: 126)
        #expect {
            try FileLock(folder: locks).acquire(name, holder: "me")
        } throws: { error in
            guard case LockError.unavailable(let reason)? = error as? LockError else { return false }
            return reason.contains("File name too long")
        }
        try FileLock(folder: locks).acquire(String(repeating: "n", count: 125), holder: "me").release()
    }

    @Test("a lock held by a holder that wrote no text yet is refused as held by an unknown holder, naming the file")
    func heldWithoutText() throws {
        let locking = FileLock(folder: locks)
        try locking.acquire("pair", holder: "first").release()
        let path = Self.path(locking.lockFileURL(for: "pair"))
        let other = open(path, O_RDWR)  // another open file description: its flock excludes ours
        try #require(other >= 0)
        defer { close(other) }
        try #require(flock(other, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: LockError.held(by: "an unknown holder (\(path) names none)")) {
            try FileLock(folder: locks).acquire("pair", holder: "second")
        }
    }

    @Test("an error names the lock file's path as written: a space in the folder is not percent-encoded")
    func errorNamesThePlainPath() throws {
        let locking = FileLock(folder: home.url.appending(path: "with space/locks", directoryHint: .isDirectory))
        let file = locking.lockFileURL(for: "pair")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(throws: LockError.unavailable("cannot open \(Self.path(file)): Is a directory")) {
            try locking.acquire("pair", holder: "me")
        }
    }

    @Test("a folder URL without a trailing slash holds the lock files, not its parent")
    func folderWithoutTrailingSlash() throws {
        let folder = URL(filePath: Self.path(locks), directoryHint: .notDirectory)
        let lock = try FileLock(folder: folder).acquire("pair", holder: "me")
        defer { lock.release() }
        let file = locks.appending(path: "70616972.lock")
        #expect(try Data(contentsOf: file) == Data("me\n".utf8))
    }

    @Test("a holder text longer than the first read buffers is read whole")
    func longHolderText() throws {
        let text = String(repeating: "h", count: 10_000)
        let lock = try FileLock(folder: locks).acquire("pair", holder: text)
        defer { lock.release() }
        #expect(throws: LockError.held(by: text)) { try FileLock(folder: locks).acquire("pair", holder: "second") }
    }

    @Test("a lock dropped without release() is released: its file is emptied and the name can be taken again")
    func droppedLockIsReleased() throws {
        let locking = FileLock(folder: locks)
        do { _ = try locking.acquire("pair", holder: "dropped") }
        #expect(try Data(contentsOf: locking.lockFileURL(for: "pair")).isEmpty)
        try FileLock(folder: locks).acquire("pair", holder: "next").release()
    }

    @Test("a lock file that is not a regular file is refused")
    func notARegularFile() throws {
        let locking = FileLock(folder: locks)
        try FileManager.default.createDirectory(at: locking.lockFileURL(for: "pair"), withIntermediateDirectories: true)
        #expect {
            try locking.acquire("pair", holder: "me")
        } throws: { error in
            guard case LockError.unavailable? = error as? LockError else { return false }
            return true
        }
    }

    @Test("a child process started while the lock is held does not inherit it")
    func closeOnExec() throws {
        let locking = FileLock(folder: locks)
        let lock = try locking.acquire("pair", holder: "parent")
        let child = Process()
        child.executableURL = URL(filePath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        lock.release()
        try FileLock(folder: locks).acquire("pair", holder: "next").release()
    }

    static func path(_ url: URL) -> String {
        let path = url.standardizedFileURL.path(percentEncoded: false)
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}

public import Foundation
public import LockInterface
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production ``PairLocking``: one `flock`ed file per name in a private folder.
///
/// - The folder is `$XDG_STATE_HOME/synccli/locks` by default, created with mode 0700. A folder
///   that is a symbolic link, owned by another user, or writable by group or others is refused
///   with ``LockError/unavailable(_:)``.
/// - A name's lock file is the hex of the name's UTF-8 bytes plus `.lock`, so no name can reach
///   outside the folder and look-alike names stay apart. A name too long for a file name
///   (over 125 bytes) is refused with `unavailable`.
/// - Taking a lock opens the file with `O_RDWR|O_CREAT|O_CLOEXEC|O_NOFOLLOW` (mode 0600) and
///   takes `flock(LOCK_EX|LOCK_NB)` on it, then writes the holder text into it. A lock held
///   elsewhere (another process, or another open of the file in this one) throws
///   ``LockError/held(by:)`` with the text its holder wrote.
/// - The kernel drops a `flock` when its last descriptor closes, so a killed process never leaves
///   a stale lock. Lock files are never removed (removing one while held would let a second taker
///   lock a new file of the same name); do not remove them by hand while a sync runs.
///
/// ```swift
/// let lock = try FileLock().acquire("documents", holder: "synccli pid \(getpid())")
/// defer { lock.release() }
/// ```
public struct FileLock: PairLocking {
    /// The folder holding the lock files.
    public let folder: URL

    /// How often a take is retried while the holder has not yet written its text, one
    /// millisecond apart.
    static let attempts = 200

    /// Locks in `$XDG_STATE_HOME/synccli/locks`.
    public init() {
        self.init(folder: XDGDirectories().state.appending(path: "synccli/locks", directoryHint: .isDirectory))
    }

    /// Locks in `folder` (created with mode 0700 on first use, with its missing ancestors).
    /// - Parameter folder: the folder holding the lock files.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The file that holds the lock `name`.
    /// - Parameter name: a lock's name.
    /// - Returns: `<folder>/<hex of the name's UTF-8 bytes>.lock`.
    public func lockFileURL(for name: String) -> URL {
        folder.appending(path: Self.fileName(for: name), directoryHint: .notDirectory)
    }

    public func acquire(_ name: String, holder: String) throws -> any HeldLock {
        let lockFolder = try LockFolder.open(folderPath)
        let fileName = Self.fileName(for: name)
        let path = folderPath + "/" + fileName
        var blockedByUnknownHolder = false
        for attempt in 0..<Self.attempts {
            if attempt > 0 { usleep(1_000) }
            let file: FileDescriptor
            do {
                file = try FileDescriptor(
                    opening: fileName, in: lockFolder, flags: O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
            } catch {
                throw LockError.unavailable("cannot open \(path): \(SystemCallError.message(for: error.code))")
            }
            let opened = try status(of: file, path)
            guard opened.kind == .regular else { throw LockError.unavailable("\(path) is not a regular file") }
            switch takeFileLock(file) {
            case .failed(let code):
                throw LockError.unavailable("cannot lock \(path): \(SystemCallError.message(for: code))")
            case .heldElsewhere:
                if let text = HolderText.read(from: file) { throw LockError.held(by: text) }
                // The holder has not written its text yet (or is releasing): look again shortly.
                blockedByUnknownHolder = true
                continue
            case .taken:
                // The name may have been removed or replaced between our open and our lock.
                guard let current = try? FileStatus.of(fileName, in: lockFolder),
                    current.device == opened.device, current.inode == opened.inode
                else {
                    blockedByUnknownHolder = false
                    continue
                }
                do {
                    try HolderText.write(holder, to: file)
                } catch {
                    throw LockError.unavailable(
                        "cannot record the holder in \(path): \(SystemCallError.message(for: error.code))")
                }
                return FileHeldLock(file)
            }
        }
        if blockedByUnknownHolder { throw LockError.held(by: "an unknown holder (\(path) names none)") }
        throw LockError.unavailable("\(path) kept being replaced while it was taken")
    }

    /// `<hex of the name's UTF-8 bytes>.lock`.
    static func fileName(for name: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count * 2 + 5)
        for byte in name.utf8 {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self) + ".lock"
    }

    private var folderPath: String {
        let path = folder.standardizedFileURL.path(percentEncoded: false)
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private func status(of file: borrowing FileDescriptor, _ path: String) throws -> FileStatus {
        do {
            return try FileStatus.of(descriptor: file)
        } catch {
            throw LockError.unavailable("cannot inspect \(path): \(SystemCallError.message(for: error.code))")
        }
    }

    private enum Outcome {
        case taken, heldElsewhere
        case failed(Int32)
    }

    /// `flock(LOCK_EX|LOCK_NB)`, retried on `EINTR`.
    private func takeFileLock(_ file: borrowing FileDescriptor) -> Outcome {
        while true {
            if flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 { return .taken }
            let code = errno
            if code == EINTR { continue }
            return code == EWOULDBLOCK ? .heldElsewhere : .failed(code)
        }
    }
}

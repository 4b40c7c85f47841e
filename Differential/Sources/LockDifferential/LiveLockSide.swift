import Foundation
import LockInterface
import LockLive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileLock` instances on one lock folder made fresh (under `/dev/shm` when there is one), with
/// plants made by system calls; the folder is removed when the side is released. Each instance
/// opens the lock file itself, so `flock` sees them as separate processes do.
final class LiveLockSide: LockSide {
    private let base: String

    init() throws {
        let parent = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let base = URL(filePath: parent).appending(path: "lock-differential-\(UUID().uuidString)")
            .path(percentEncoded: false)
        let folder = URL(filePath: base).appending(path: "locks", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.base = base
        let locking = FileLock(folder: folder)
        let path = { (name: String) in locking.lockFileURL(for: name).path(percentEncoded: false) }
        super.init(
            instances: (0..<LockCorpus.instances).map { _ in FileLock(folder: folder) },
            plant: { name, what in
                let target = path(name)
                _ = Self.removeAnything(target)
                switch what {
                case .file(let text):
                    let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
                    guard descriptor >= 0 else { return errno }
                    defer { close(descriptor) }
                    let bytes = Array(text.utf8)
                    return bytes.isEmpty || write(descriptor, bytes, bytes.count) == bytes.count ? nil : errno
                case .folder: return mkdir(target, 0o755) == 0 ? nil : errno
                case .link(let destination): return symlink(destination, target) == 0 ? nil : errno
                }
            },
            removeFile: { Self.removeAnything(path($0)) })
    }

    deinit {
        releaseAll()
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Removes a file, link or empty folder at `path`; nil on success, else the `errno`.
    private static func removeAnything(_ path: String) -> Int32? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno }
        if status.st_mode & S_IFMT == S_IFDIR { return rmdir(path) == 0 ? nil : errno }
        return unlink(path) == 0 ? nil : errno
    }
}

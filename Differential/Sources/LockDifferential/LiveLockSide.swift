import DifferentialSupport
import Foundation
import LockInterface
import LockLive

/// `FileLock` instances on one lock folder made fresh (under `/dev/shm` when there is one), with
/// plants made by system calls; the folder is removed when the side is released. Each instance
/// opens the lock file itself, so `flock` sees them as separate processes do.
final class LiveLockSide: LockSide {
    private let base: String

    init() throws {
        let base = try DiskChanges.scratchFolder("lock-differential")
        let folder = URL(filePath: base).appending(path: "locks", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.base = base
        let locking = FileLock(folder: folder)
        let path = { (name: String) in locking.lockFileURL(for: name).path(percentEncoded: false) }
        super.init(
            instances: (0..<LockCorpus.instances).map { _ in FileLock(folder: folder) },
            plant: { name, what in DiskChanges.plant(what, at: path(name)) },
            removeFile: { DiskChanges.remove(path($0)) })
    }

    deinit {
        releaseAll()
        try? FileManager.default.removeItem(atPath: base)
    }
}

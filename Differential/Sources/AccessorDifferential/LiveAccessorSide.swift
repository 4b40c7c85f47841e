import DifferentialSupport
import FileAccessorInterface
import FileAccessorLive
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `DefaultFileAccessor` in a fresh folder (under `/dev/shm` when there is one: the writes sync),
/// with direct changes made by system calls; the folder is removed when the side is released.
final class LiveAccessorSide: AccessorSide {
    let base: String
    let accessor: any FileAccessorProviding = DefaultFileAccessor()

    init() throws {
        base = try DiskChanges.scratchFolder("accessor-differential")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    func makeFolder(_ path: String) -> Int32? { mkdir(path, 0o755) == 0 ? nil : errno }

    func remove(_ path: String) -> Int32? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno }
        if status.st_mode & S_IFMT == S_IFDIR {
            return (try? FileManager.default.removeItem(atPath: path)) == nil ? EIO : nil
        }
        return unlink(path) == 0 ? nil : errno
    }

    func rename(_ from: String, _ to: String) -> Int32? { Glibc.rename(from, to) == 0 ? nil : errno }

    func link(_ path: String, target: String) -> Int32? { symlink(target, path) == 0 ? nil : errno }
}

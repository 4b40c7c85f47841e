import LockInterface
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens and checks the folder that holds the lock files.
enum LockFolder {
    /// Opens `path` (creating it, mode 0700, with its ancestors when missing) and checks it is a
    /// real folder of this user that group and others cannot write.
    /// - Returns: the open folder, for the `*at` calls.
    /// - Throws: ``LockError/unavailable(_:)`` naming what is wrong.
    static func open(_ path: String) throws -> FileDescriptor {
        let folder = try openOrCreate(path)
        let status: FileStatus
        do {
            status = try FileStatus.of(descriptor: folder)
        } catch {
            throw LockError.unavailable(
                "cannot inspect the lock folder \(path): \(SystemCallError.message(for: error.code))")
        }
        guard status.owner == UInt32(geteuid()) else {
            throw LockError.unavailable("the lock folder \(path) is owned by user \(status.owner), not by this user")
        }
        guard status.permissions & 0o022 == 0 else {
            throw LockError.unavailable(
                "group or others can write the lock folder \(path) (mode \(String(status.permissions, radix: 8))); run chmod 700 on it"
            )
        }
        return folder
    }

    private static func openOrCreate(_ path: String) throws -> FileDescriptor {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
        do {
            return try FileDescriptor(opening: path, flags: flags)
        } catch  where error.code == ENOENT {
            do {
                try makeFolderWithAncestors(path, permissions: 0o700)
                return try FileDescriptor(opening: path, flags: flags)
            } catch {
                throw LockError.unavailable(
                    "cannot create the lock folder \(path): \(SystemCallError.message(for: error.code))")
            }
        } catch  where error.code == ELOOP || error.code == ENOTDIR {
            throw LockError.unavailable("the lock folder \(path) is a symbolic link or not a folder")
        } catch {
            throw LockError.unavailable(
                "cannot open the lock folder \(path): \(SystemCallError.message(for: error.code))")
        }
    }
}

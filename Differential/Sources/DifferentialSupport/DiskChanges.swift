import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The direct changes a differential run makes on the disk's side with system calls, as its
/// Mock side makes them on the in-memory tree; each returns nil on success, else the `errno`.
public enum DiskChanges {
    /// A new empty folder named `<prefix>-<UUID>` under `/dev/shm` when there is one (writes that
    /// sync cost nothing there), else the temporary folder; its path, without a trailing slash.
    /// - Throws: when it cannot be made.
    public static func scratchFolder(_ prefix: String) throws -> String {
        let parent = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = URL(filePath: parent).appending(path: "\(prefix)-\(UUID().uuidString)").path(percentEncoded: false)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Puts `plant` at `path`, after removing whatever was there (never following a link).
    public static func plant(_ plant: Plant, at path: String) -> Int32? {
        _ = remove(path)
        switch plant {
        case .file(let text):
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { return errno }
            defer { close(descriptor) }
            let bytes = Array(text.utf8)
            return bytes.isEmpty || write(descriptor, bytes, bytes.count) == bytes.count ? nil : errno
        case .folder: return mkdir(path, 0o700) == 0 ? nil : errno
        case .link(let target): return symlink(target, path) == 0 ? nil : errno
        }
    }

    /// Removes the file, link or folder (with what it holds) at `path`.
    public static func remove(_ path: String) -> Int32? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno }
        if status.st_mode & S_IFMT == S_IFDIR {
            return (try? FileManager.default.removeItem(atPath: path)) == nil ? EIO : nil
        }
        return unlink(path) == 0 ? nil : errno
    }
}

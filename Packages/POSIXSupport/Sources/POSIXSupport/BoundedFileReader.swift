public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file the tool keeps for itself (its state, its configuration, a pair list, an
/// ignore file), treating whatever is at the path as hostile.
///
/// The file is opened with `O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_CLOEXEC`, then `fstat`ed
/// on the open descriptor, so what is checked is what is read:
/// - a symbolic link as the last component is never followed (earlier components are, as
///   `open` does);
/// - a FIFO, a socket or a device is refused without reading a byte, and opening cannot block;
/// - a folder is `EISDIR`;
/// - a file over `limit` bytes is refused from its size, and at most `limit + 1` bytes are ever
///   read, so a file that grows while it is read cannot exhaust memory.
///
/// ```swift
/// let data = try BoundedFileReader.read(path, limit: BoundedFileReader.defaultLimit)
/// ```
public enum BoundedFileReader {
    /// The default limit, 256 MiB: far above any state file the tool writes.
    public static let defaultLimit = 256 << 20

    /// Reads the regular file at `path`, refusing anything else.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - limit: the most bytes accepted; a larger file is refused.
    /// - Returns: the file's bytes.
    /// - Throws: ``BoundedReadError``: `.symbolicLink`, `.notARegularFile`, `.tooLarge`, or
    ///   `.system` (`ENOENT`, `EACCES`, `EISDIR`, `ENOTDIR`, `EINVAL` for a NUL byte in the path,
    ///   `EIO` ...).
    public static func read(_ path: String, limit: Int) throws(BoundedReadError) -> Data {
        let limit = min(max(limit, 0), Int.max - 1)
        guard !path.utf8.contains(0) else {
            throw .system(SystemCallError(code: EINVAL, operation: "open", path: path))
        }
        let file = try open(path, flags: O_RDONLY)
        let status: stat
        do {
            status = try fileStatus(of: file)
        } catch {
            throw .system(error)
        }
        if let refusal = refusal(for: status.st_mode, path: path) { throw refusal }
        let size = Int64(status.st_size)
        guard size <= Int64(limit) else { throw .tooLarge(path: path, size: size, limit: limit) }
        let data: Data
        do {
            data = try readAtMost(limit + 1, from: file, expecting: Int(size))
        } catch {
            throw .system(error)
        }
        guard data.count <= limit else {
            throw .tooLarge(path: path, size: max(size, Int64(data.count)), limit: limit)
        }
        return data
    }

    /// Opens `path` with `flags` and `O_NOFOLLOW|O_NONBLOCK|O_NOCTTY`, saying which refusal a
    /// failure is (a link, a socket, a device) from what is at the path.
    static func open(_ path: String, flags: Int32, mode: UInt32 = 0) throws(BoundedReadError) -> FileDescriptor {
        do {
            return try FileDescriptor(opening: path, flags: flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, mode: mode)
        } catch {
            // ELOOP: the last component is a link (or a loop before it); ENXIO: a socket, or a
            // device without a driver. Say which, from what is at the path now.
            guard error.code == ELOOP || error.code == ENXIO else { throw .system(error) }
            var st = stat()
            guard lstat(path, &st) == 0 else { throw .system(error) }
            if st.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path: path) }
            throw refusal(for: st.st_mode, path: path) ?? .system(error)
        }
    }

    static func fileStatus(of file: borrowing FileDescriptor) throws(SystemCallError) -> stat {
        var st = stat()
        guard fstat(file.rawValue, &st) == 0 else { throw .current("fstat", file.path) }
        return st
    }

    /// The refusal for a file of this mode, or nil for a regular file.
    static func refusal(for mode: mode_t, path: String) -> BoundedReadError? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .system(SystemCallError(code: EISDIR, operation: "read", path: path))
        case S_IFLNK: .symbolicLink(path: path)
        case S_IFIFO: .notARegularFile(path: path, kind: .fifo)
        case S_IFSOCK: .notARegularFile(path: path, kind: .socket)
        case S_IFCHR: .notARegularFile(path: path, kind: .characterDevice)
        case S_IFBLK: .notARegularFile(path: path, kind: .blockDevice)
        default: .notARegularFile(path: path, kind: .other)
        }
    }

    /// Reads until end of file or until `maximum` bytes, whichever comes first.
    private static func readAtMost(
        _ maximum: Int, from file: borrowing FileDescriptor, expecting size: Int
    ) throws(SystemCallError) -> Data {
        let fd = file.rawValue
        var data = Data(count: min(max(size, 0) + 1, maximum))
        var filled = 0
        while filled < maximum {
            if filled == data.count { data.count = min(maximum, max(data.count * 2, 16_384)) }
            let count = data.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt {
                    systemRead(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                }
            }
            guard count >= 0 else { throw .current("read", file.path) }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }
}

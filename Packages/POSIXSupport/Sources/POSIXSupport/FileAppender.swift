public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Adds bytes at the end of a file the tool keeps for itself (a log), durably, and only when the
/// file is as long as the caller last saw it.
///
/// The file is opened with `O_WRONLY|O_APPEND|O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_CLOEXEC` (and
/// `O_CREAT`, mode 0600, when an empty file is expected), then `fstat`ed on the open descriptor:
/// a symbolic link is never followed, a FIFO, socket or device is refused without writing, and a
/// size other than the one expected writes nothing. The bytes are written, then `fdatasync`ed
/// (which covers the new size); a file that may have been created has its folder synced too.
///
/// A crash during the write can leave any prefix of the bytes at the end; the bytes before are
/// never touched. Readers of such a log check each addition.
public enum FileAppender {
    /// Appends `data` to the file at `path` if it holds exactly `expectedSize` bytes.
    /// - Parameters:
    ///   - data: the bytes to add.
    ///   - path: the file; its folder must exist.
    ///   - expectedSize: the size the file must have; with 0, a missing file is created.
    /// - Returns: false, writing nothing, when the size differs (or the file, or its folder, is
    ///   missing and `expectedSize` is not 0).
    /// - Throws: ``BoundedReadError``: `.symbolicLink`, `.notARegularFile`, or `.system`
    ///   (`ENOENT` / `ENOTDIR` for a missing folder, `EISDIR`, `EACCES`, `ENOSPC`, `EIO` ...).
    public static func append(_ data: Data, to path: String, ifSizeIs expectedSize: Int) throws(BoundedReadError)
        -> Bool
    {
        guard !path.utf8.contains(0) else {
            throw .system(SystemCallError(code: EINVAL, operation: "open", path: path))
        }
        let creating = expectedSize == 0
        do {
            let file = try BoundedFileReader.open(
                path, flags: O_WRONLY | O_APPEND | (creating ? O_CREAT : 0), mode: 0o600)
            return try append(data, to: file, ifSizeIs: expectedSize, creating: creating)
        } catch .system(let error) where error.code == ENOENT && !creating {
            return false
        }
    }

    /// Appends to the open `file` (see above).
    private static func append(
        _ data: Data, to file: borrowing FileDescriptor, ifSizeIs expectedSize: Int, creating: Bool
    ) throws(BoundedReadError) -> Bool {
        let path = file.path
        let status: stat
        do {
            status = try BoundedFileReader.fileStatus(of: file)
        } catch {
            throw .system(error)
        }
        if let refusal = BoundedFileReader.refusal(for: status.st_mode, path: path) { throw refusal }
        guard Int(status.st_size) == expectedSize else { return false }
        do throws(SystemCallError) {
            try FileContents.write(data, to: file)
            guard retryingOnInterrupt({ syncData(file.rawValue) }) == 0 else {
                throw SystemCallError.current("fdatasync", path)
            }
            if creating {
                // The name may be new: make it durable with the bytes.
                try FileDescriptor.directory(AtomicFileWriter.split(path).folder).sync()
            }
        } catch {
            throw .system(error)
        }
        return true
    }
}

/// `fdatasync` where the C library declares it (Linux), else `fsync` (macOS's headers do not).
private func syncData(_ descriptor: Int32) -> Int32 {
    #if os(Linux)
        fdatasync(descriptor)
    #else
        fsync(descriptor)
    #endif
}

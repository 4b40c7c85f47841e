import CPOSIXShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file descriptor that is closed exactly once.
///
/// A move-only value: it cannot be copied, so it cannot be closed twice or leaked by a copy.
/// Call ``close()`` to learn whether closing failed (it can, after a failed write-back);
/// otherwise it is closed when it goes out of scope. It may be handed to another thread (a
/// descriptor is a number the whole process shares), and calls through a borrowed one (`openat`,
/// `fstat`) may run on several threads at once.
public struct FileDescriptor: ~Copyable, Sendable {
    /// The raw descriptor; `-1` once ``close()`` ran.
    public private(set) var rawValue: Int32
    /// The path it was opened with, for error messages.
    public let path: String

    /// Opens `path` (relative paths start at the working folder).
    /// - Parameters:
    ///   - path: the path to open.
    ///   - flags: `open(2)` flags; `O_CLOEXEC` is always added.
    ///   - mode: the mode for a newly created file.
    /// - Throws: ``SystemCallError`` from `openat`.
    public init(opening path: String, flags: Int32, mode: UInt32 = 0) throws(SystemCallError) {
        try self.init(opening: path, base: AT_FDCWD, flags: flags, mode: mode)
    }

    /// Opens `name` inside the folder `directory`.
    /// - Parameters:
    ///   - name: a name (or relative path) inside `directory`.
    ///   - directory: an open folder.
    ///   - flags: `open(2)` flags; `O_CLOEXEC` is always added.
    ///   - mode: the mode for a newly created file.
    /// - Throws: ``SystemCallError`` from `openat`.
    public init(
        opening name: String, in directory: borrowing FileDescriptor, flags: Int32, mode: UInt32 = 0
    ) throws(SystemCallError) {
        try self.init(opening: name, base: directory.rawValue, flags: flags, mode: mode)
    }

    private init(opening path: String, base: Int32, flags: Int32, mode: UInt32) throws(SystemCallError) {
        // In place, as `FileStatus.of` does (no heap copy of the name per call).
        let fd = path.withCString { name in
            retryingOnInterrupt { openat(base, name, flags | O_CLOEXEC, mode_t(mode)) }
        }
        guard fd >= 0 else { throw .current("open", path) }
        self.rawValue = fd
        self.path = path
    }

    /// Opens a folder for use with the `*at` calls.
    /// - Parameter path: the folder's path.
    /// - Throws: ``SystemCallError`` (`ENOENT`, `ENOTDIR`, `EACCES`...).
    public static func directory(_ path: String) throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(opening: path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// Flushes the file's data and metadata to stable storage.
    /// - Throws: ``SystemCallError`` from `fsync` (`EIO` means the data may be lost: do not retry).
    public func sync() throws(SystemCallError) {
        guard retryingOnInterrupt({ fsync(rawValue) }) == 0 else { throw .current("fsync", path) }
    }

    /// Flushes everything written to the file system that holds this file or folder, and commits
    /// its journal: one call makes many files' data, and many renames, durable at once (Linux
    /// `syncfs`). Systems without `syncfs` flush this descriptor alone (`fsync`): there, callers
    /// must sync each file as well (``hasFileSystemSync``).
    /// - Throws: ``SystemCallError`` from `syncfs` (`EIO`: a write-back on that file system
    ///   failed since this descriptor was opened).
    public func syncFileSystem() throws(SystemCallError) {
        guard retryingOnInterrupt({ cposix_syncfs(rawValue) }) == 0 else { throw .current("syncfs", path) }
    }

    /// The bytes an unprivileged writer can still add on the file system that holds this file
    /// or folder (`fstatvfs`: available blocks times the fragment size).
    /// - Throws: ``SystemCallError`` from `fstatvfs`.
    public func availableBytes() throws(SystemCallError) -> Int64 {
        var status = statvfs()
        guard retryingOnInterrupt({ fstatvfs(rawValue, &status) }) == 0 else { throw .current("fstatvfs", path) }
        let (bytes, overflow) = Int64(clamping: status.f_bavail).multipliedReportingOverflow(
            by: Int64(clamping: status.f_frsize))
        return overflow ? Int64.max : bytes
    }

    /// Whether ``syncFileSystem()`` flushes the whole file system (Linux) rather than one file.
    public static var hasFileSystemSync: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// Closes the descriptor and reports a failed close.
    /// - Throws: ``SystemCallError`` from `close`.
    public mutating func close() throws(SystemCallError) {
        let fd = rawValue
        guard fd >= 0 else { return }
        rawValue = -1
        guard systemClose(fd) == 0 else { throw .current("close", path) }
    }

    deinit {
        if rawValue >= 0 { _ = systemClose(rawValue) }
    }
}

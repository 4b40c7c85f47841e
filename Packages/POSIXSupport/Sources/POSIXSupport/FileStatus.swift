#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat`/`fstatat` says about one file, in the units sync needs.
public struct FileStatus: Equatable, Sendable {
    /// The kind of a file system entry.
    public enum Kind: Equatable, Sendable {
        case regular, directory, symbolicLink, other
    }

    public let kind: Kind
    /// Permission bits (`st_mode & 0o7777`).
    public let permissions: UInt32
    public let size: Int64
    public let device: UInt64
    public let inode: UInt64
    /// Owner's user id.
    public let owner: UInt32
    /// Modification time in nanoseconds since 1970, saturated to `Int64.min ... Int64.max`
    /// (``Time/saturatedNanoseconds``): a file dated past 2262 reads as `Int64.max`.
    public let modificationNanoseconds: Int64
    /// Modification time exactly as the system keeps it (for copying it on: a saturated value
    /// would move a far-off date).
    public let modificationTime: Time
    /// The bytes of storage the file holds (`st_blocks` × 512): less than its size when it has
    /// holes.
    public let allocatedBytes: Int64

    init(_ st: stat) {
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = UInt32(st.st_mode & 0o7777)
        size = Int64(st.st_size)
        let (allocated, overflow) = Int64(clamping: st.st_blocks).multipliedReportingOverflow(by: 512)
        allocatedBytes = overflow ? Int64.max : allocated
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        owner = UInt32(st.st_uid)
        #if canImport(Darwin)
            modificationTime = Time(seconds: Int64(st.st_mtimespec.tv_sec), nanoseconds: Int64(st.st_mtimespec.tv_nsec))
        #else
            modificationTime = Time(seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec))
        #endif
        modificationNanoseconds = modificationTime.saturatedNanoseconds
    }

    /// The status of `path`, not following a final symbolic link unless asked.
    /// - Parameters:
    ///   - path: the path (relative paths start at the working folder).
    ///   - followingLinks: follow a final symbolic link (`stat`) instead of describing it.
    /// - Throws: ``SystemCallError`` from `fstatat`.
    public static func of(_ path: String, followingLinks: Bool = false) throws(SystemCallError) -> FileStatus {
        try of(path, base: AT_FDCWD, followingLinks: followingLinks)
    }

    /// The status of `name` inside an open folder, not following a final symbolic link unless asked.
    /// - Throws: ``SystemCallError`` from `fstatat`.
    public static func of(
        _ name: String, in directory: borrowing FileDescriptor, followingLinks: Bool = false
    ) throws(SystemCallError) -> FileStatus {
        try of(name, base: directory.rawValue, followingLinks: followingLinks)
    }

    private static func of(_ path: String, base: Int32, followingLinks: Bool) throws(SystemCallError) -> FileStatus {
        var st = stat()
        let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
        // `withCString` reads the String in place; passing it as the argument made a C copy on
        // the heap each time (`utf8CString`: 9% of a no-op sync's instructions, one per entry).
        guard path.withCString({ fstatat(base, $0, &st, flags) }) == 0 else { throw .current("stat", path) }
        return FileStatus(st)
    }

    /// The status of an open file.
    /// - Throws: ``SystemCallError`` from `fstat`.
    public static func of(descriptor: borrowing FileDescriptor) throws(SystemCallError) -> FileStatus {
        var st = stat()
        guard fstat(descriptor.rawValue, &st) == 0 else { throw .current("fstat", descriptor.path) }
        return FileStatus(st)
    }
}

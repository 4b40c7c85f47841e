import CPOSIXShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AtomicFileWriter {
    /// Sets an open file's modification time exactly (`futimens`), leaving its access time alone.
    /// Unlike the nanosecond form, any time the system can hold is kept: copy a file's time with
    /// its ``FileStatus/modificationTime`` so a file dated past 2262 keeps its date.
    /// - Throws: ``SystemCallError`` from `futimens` (`EINVAL` when the time is out of range).
    public static func setModificationTime(
        of file: borrowing FileDescriptor, to time: FileStatus.Time
    ) throws(SystemCallError) {
        var times = [
            timespec(tv_sec: 0, tv_nsec: cposix_utime_omit()),
            timespec(tv_sec: time_t(time.seconds), tv_nsec: Int(time.nanoseconds)),
        ]
        guard futimens(file.rawValue, &times) == 0 else { throw .current("futimens", file.path) }
    }
}

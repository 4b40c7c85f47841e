import CPOSIXShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    private let seekData = SEEK_DATA
    private let seekHole = SEEK_HOLE
#else
    // Glibc declares these only under _GNU_SOURCE, which Swift does not see; Linux's values.
    private let seekData: Int32 = 3
    private let seekHole: Int32 = 4
#endif

extension FileContents {
    /// Copies a whole file, keeping its holes: only the data extents that `SEEK_DATA`/`SEEK_HOLE`
    /// find are copied (each with the kernel's `copy_file_range`, or `read`/`write`), and the
    /// destination is then cut to the source's length (`ftruncate`), so a 64 MiB file with 4 KiB of
    /// data takes 4 KiB on disk, not 64 MiB. Where the system cannot find holes, the whole file is
    /// one data extent. A file with storage for every byte (`st_blocks` × 512 ≥ its size: it has
    /// no hole, or its holes are outweighed by blocks allocated past its end) is copied whole in
    /// one call, without looking for holes or cutting.
    ///
    /// ```swift
    /// let length = try FileContents.copyKeepingHoles(from: source, to: temporary)
    /// ```
    /// - Parameters:
    ///   - source: a regular file open for reading (its position may be moved).
    ///   - destination: a new, empty file open for writing (its position may be moved).
    /// - Returns: the length the destination now has: the source's length when the copy began.
    /// - Throws: ``SystemCallError`` from `fstat`, `lseek`, the copy or `ftruncate` (`ENOSPC`,
    ///   `EIO` ...).
    @discardableResult
    public static func copyKeepingHoles(
        from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor
    ) throws(SystemCallError) -> Int64 {
        let status = try FileStatus.of(descriptor: source)
        let length = status.size
        if status.allocatedBytes >= length {
            // Dense: one copy; cut below only when the source shrank meanwhile.
            if try copyExtent(from: source, to: destination, at: 0, length: length) == length { return length }
        } else {
            try copyDataExtents(from: source, to: destination, length: length)
        }
        guard ftruncate(destination.rawValue, off_t(length)) == 0 else { throw .current("ftruncate", destination.path) }
        return length
    }

    /// Copies the data extents `SEEK_DATA`/`SEEK_HOLE` find below `length` to the same offsets;
    /// where the system cannot find holes, everything from the first offset asked about.
    private static func copyDataExtents(
        from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor, length: Int64
    ) throws(SystemCallError) {
        var offset: Int64 = 0
        while offset < length {
            let start = lseek(source.rawValue, off_t(offset), seekData)
            if start < 0 {
                if errno == ENXIO { break }  // nothing but a hole from `offset` to the end
                guard errno == EINVAL || errno == EOPNOTSUPP else { throw .current("lseek", source.path) }
                try copyExtent(from: source, to: destination, at: offset, length: length - offset)  // no hole support
                break
            }
            let end = lseek(source.rawValue, start, seekHole)
            guard end >= 0 else { throw .current("lseek", source.path) }
            let stop = min(Int64(end), length)
            if Int64(start) >= stop { break }
            try copyExtent(from: source, to: destination, at: Int64(start), length: stop - Int64(start))
            offset = stop
        }
    }

    /// Copies `length` bytes at `offset` of `source` to the same offset of `destination`; stops
    /// early at the source's end of file. The kernel's copy takes the offsets itself; only the
    /// fallback (`read`/`write`, where the kernel cannot copy between these files or stops short
    /// of `length`) moves the files' positions.
    /// - Returns: the bytes copied (fewer than `length` when the source ended first).
    @discardableResult
    private static func copyExtent(
        from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor, at offset: Int64, length: Int64
    ) throws(SystemCallError) -> Int64 {
        var from = CLongLong(offset)
        var to = CLongLong(offset)
        var remaining = length
        while remaining > 0 {
            let count = retryingOnInterrupt {
                cposix_copy_file_range_at(
                    source.rawValue, &from, destination.rawValue, &to, UInt(min(remaining, 1 << 30)))
            }
            // Nothing more from the kernel: the end of the file, or a file system whose copy stops
            // short (procfs-like files, some FUSE ones); reading tells which.
            if count == 0 { break }
            if count > 0 {
                remaining -= Int64(count)
                continue
            }
            if [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP].contains(errno) { break }
            throw .current("copy_file_range", destination.path)
        }
        guard remaining > 0 else { return length }
        guard lseek(source.rawValue, off_t(from), SEEK_SET) >= 0 else { throw .current("lseek", source.path) }
        guard lseek(destination.rawValue, off_t(to), SEEK_SET) >= 0 else { throw .current("lseek", destination.path) }
        return length - remaining + (try copyByReading(from: source, to: destination, length: remaining))
    }

    /// Copies up to `length` bytes between the current positions with `read`/`write`.
    /// - Returns: the bytes copied (fewer than `length` when the source ended first).
    private static func copyByReading(
        from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor, length: Int64
    ) throws(SystemCallError) -> Int64 {
        guard length > 0 else { return 0 }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var remaining = length
        while remaining > 0 {
            let wanted = Int(min(remaining, Int64(buffer.count)))
            let count = retryingOnInterrupt { systemRead(source.rawValue, buffer.baseAddress, wanted) }
            guard count >= 0 else { throw .current("read", source.path) }
            if count == 0 { return length - remaining }
            var done = 0
            while done < count {
                let written = retryingOnInterrupt {
                    systemWrite(destination.rawValue, buffer.baseAddress.map { $0 + done }, count - done)
                }
                guard written >= 0 else { throw .current("write", destination.path) }
                done += written
            }
            remaining -= Int64(count)
        }
        return length
    }
}

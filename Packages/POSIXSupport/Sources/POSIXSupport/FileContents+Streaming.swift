import CPOSIXShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileContents {
    /// Copies everything from the current position of `source` to the current position of
    /// `destination`, in the kernel where it can.
    ///
    /// Uses `copy_file_range` in a loop (no copy through user space, reflinks where the file
    /// system has them) and falls back to `read`/`write` with a 1 MiB buffer when the kernel or
    /// the file systems cannot (`EXDEV`, `ENOSYS`, `EINVAL`, `EOPNOTSUPP`). Stops at end of file.
    /// - Parameters:
    ///   - source: a file open for reading.
    ///   - destination: a file open for writing.
    /// - Returns: the number of bytes copied.
    /// - Throws: ``SystemCallError`` from the copy, `read` or `write` (`ENOSPC`, `EIO` ...).
    @discardableResult
    public static func copy(
        from source: borrowing FileDescriptor, to destination: borrowing FileDescriptor
    ) throws(SystemCallError) -> Int64 {
        var copied: Int64 = 0
        while true {
            let count = retryingOnInterrupt { cposix_copy_file_range(source.rawValue, destination.rawValue, 1 << 30) }
            if count == 0 { return copied }
            if count > 0 {
                copied += Int64(count)
                continue
            }
            if [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP].contains(errno) { break }
            throw .current("copy_file_range", destination.path)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = retryingOnInterrupt { systemRead(source.rawValue, buffer.baseAddress, buffer.count) }
            guard count >= 0 else { throw .current("read", source.path) }
            if count == 0 { return copied }
            var offset = 0
            while offset < count {
                let written = retryingOnInterrupt {
                    systemWrite(destination.rawValue, buffer.baseAddress.map { $0 + offset }, count - offset)
                }
                guard written >= 0 else { throw .current("write", destination.path) }
                offset += written
            }
            copied += Int64(count)
        }
    }

    /// Reads a file from its current position to the end in pieces, handing each to `body`.
    ///
    /// ```swift
    /// var digester = Digester()
    /// try FileContents.forEachChunk(of: file, chunkSize: 1 << 20) { digester.update($0) }
    /// ```
    /// - Parameters:
    ///   - file: a file open for reading.
    ///   - chunkSize: the most bytes handed over at once (one buffer of this size is reused).
    ///   - body: called with each piece, valid only during the call.
    /// - Throws: ``SystemCallError`` from `read` (`EISDIR` for a folder, `EIO` ...).
    public static func forEachChunk(
        of file: borrowing FileDescriptor, chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(SystemCallError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = retryingOnInterrupt { systemRead(file.rawValue, buffer.baseAddress, buffer.count) }
            guard count >= 0 else { throw .current("read", file.path) }
            if count == 0 { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

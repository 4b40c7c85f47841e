public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes whole files with plain system calls.
public enum FileContents {
    /// Reads a whole file.
    /// - Parameter path: the file's path; a symbolic link is followed, as `open` does.
    /// - Returns: the file's bytes.
    /// - Throws: ``SystemCallError``: `ENOENT`, `EACCES`, `EISDIR` for a folder, `ENOTDIR` when a
    ///   component is a file, or a read error.
    public static func read(_ path: String) throws(SystemCallError) -> Data {
        let file = try FileDescriptor(opening: path, flags: O_RDONLY)
        let status = try FileStatus.of(descriptor: file)
        if status.kind == .directory { throw SystemCallError(code: EISDIR, operation: "read", path: path) }
        var data = Data(count: max(Int(status.size), 0))
        var filled = 0
        while true {
            if filled == data.count { data.count += max(data.count, 16_384) }
            let count = data.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt {
                    systemRead(file.rawValue, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                }
            }
            guard count >= 0 else { throw .current("read", path) }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }

    /// Writes all of `data` to an open file, looping over short writes and `EINTR`.
    /// - Throws: ``SystemCallError`` from `write` (`ENOSPC`, `EDQUOT`, `EIO`...).
    public static func write(_ data: Data, to file: borrowing FileDescriptor) throws(SystemCallError) {
        let fd = file.rawValue
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = retryingOnInterrupt {
                    systemWrite(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw SystemCallError(code: failure, operation: "write", path: file.path) }
    }
}

import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The holder text inside a lock file: the text and one `\n`, so an empty or half-written file
/// (a holder between taking the lock and writing) is told apart from a finished one.
enum HolderText {
    /// The most of a lock file that is read.
    static let maximumSize = 1 << 20

    /// Replaces the file's contents with `holder` and the closing `\n`.
    /// - Throws: ``SystemCallError`` from `ftruncate` or `pwrite`.
    static func write(_ holder: String, to file: borrowing FileDescriptor) throws(SystemCallError) {
        guard ftruncate(file.rawValue, 0) == 0 else {
            throw SystemCallError(code: errno, operation: "ftruncate", path: file.path)
        }
        let bytes = Array(holder.utf8) + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                pwrite(file.rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(code: errno, operation: "pwrite", path: file.path)
            }
            offset += written
        }
    }

    /// The finished holder text in the file, or nil when it is empty, half-written or unreadable.
    static func read(from file: borrowing FileDescriptor) -> String? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < maximumSize {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(file.rawValue, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        guard filled > 0, bytes[filled - 1] == UInt8(ascii: "\n") else { return nil }
        return String(decoding: bytes[..<(filled - 1)], as: UTF8.self)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file that holds secrets, refusing it unless only its owner, this user, can read it.
///
/// Opened with `O_NOFOLLOW|O_NONBLOCK`, then checked with `fstat` on the open descriptor, so what
/// is checked is what is read: a link, a FIFO or a folder is refused, and so is a file whose group
/// or others have any permission.
enum PrivateFile {
    /// The most bytes read: credential files are small.
    static let limit = 1 << 20

    /// The file's contents, or nil when there is no file at `path`.
    /// - Throws: ``CredentialError``.
    static func read(_ path: String) throws(CredentialError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP || code == ENXIO { throw .notARegularFile(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        guard status.st_uid == geteuid() else { throw .ownedByAnotherUser(path: path) }
        let mode = UInt32(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .readableByOthers(path: path, mode: mode) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
        throw .unreadable(path: path, reason: "larger than \(limit) bytes")
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why ``BoundedFileReader`` did not return a file's contents. Each case reads as one sentence
/// that starts with the path.
public enum BoundedReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a special file is, in words.
    public enum Kind: String, Sendable, Equatable {
        case fifo = "a FIFO"
        case socket = "a socket"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case other = "a special file"
    }

    /// A system call failed: `ENOENT` (missing), `EACCES`, `EISDIR` (a folder), `ENOTDIR` (a
    /// component is a file), `ENAMETOOLONG`, `EINVAL` (a NUL byte in the path), `EIO` ...
    case system(SystemCallError)
    /// The last component is a symbolic link; it was not followed.
    case symbolicLink(path: String)
    /// The path names a FIFO, a socket or a device; nothing was read from it.
    case notARegularFile(path: String, kind: Kind)
    /// The file holds more than `limit` bytes (`size` is what was seen: the size `fstat`
    /// reported, or at least `limit + 1` when the file grew while it was read).
    case tooLarge(path: String, size: Int64, limit: Int)

    /// The `errno` of a failed call, or nil for a refusal.
    public var code: Int32? {
        if case .system(let error) = self { return error.code }
        return nil
    }

    /// The path that was read.
    public var path: String {
        switch self {
        case .system(let error): error.path
        case .symbolicLink(let path), .notARegularFile(let path, _), .tooLarge(let path, _, _): path
        }
    }

    /// What is wrong, without the path, for example `"is a FIFO, not a regular file; refused"`.
    public var reason: String {
        switch self {
        case .system(let error):
            Self.sentence(for: error.code)
        case .symbolicLink:
            "is a symbolic link; links are never followed"
        case .notARegularFile(_, let kind):
            "is \(kind.rawValue), not a regular file; refused"
        case .tooLarge(_, let size, let limit):
            "\(ByteCountText.describe(size, over: Int64(limit))) is over the \(ByteCountText.describe(Int64(limit))) limit for the tool's own files"
        }
    }

    /// `"<path>: <reason>"`, one line.
    public var description: String { "\(path): \(reason)" }

    private static func sentence(for code: Int32) -> String {
        switch code {
        case EISDIR: "is a folder, not a file"
        case ENOTDIR: "a file is where a folder should be"
        case EINVAL: "the name holds a NUL byte or is otherwise invalid"
        default: SystemCallError.message(for: code).lowercased()
        }
    }
}

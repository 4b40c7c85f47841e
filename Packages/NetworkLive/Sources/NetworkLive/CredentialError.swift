/// Why credentials could not be loaded. Every case reads as one sentence naming the file and the
/// fix; none ever holds a password or any part of the file's contents.
public enum CredentialError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's group or others can read or write it (`mode` is its permission bits).
    case readableByOthers(path: String, mode: UInt32)
    /// The file belongs to another user.
    case ownedByAnotherUser(path: String)
    /// The path is a link, a folder or a special file, not a regular file.
    case notARegularFile(path: String)
    /// The file could not be read (the system's reason).
    case unreadable(path: String, reason: String)
    /// The file is not valid netrc syntax at this line.
    case malformed(path: String, line: Int, reason: String)
    /// Only one of the two environment variables is set.
    case incompleteEnvironment(missing: String)

    public var description: String {
        switch self {
        case .readableByOthers(let path, let mode):
            "\(path) can be read by its group or others (mode \(String(mode, radix: 8))): credentials refused; run chmod 600 \(path)"
        case .ownedByAnotherUser(let path):
            "\(path) belongs to another user: credentials refused"
        case .notARegularFile(let path):
            "\(path) is not a regular file (a link, a folder or a special file): credentials refused"
        case .unreadable(let path, let reason):
            "\(path) cannot be read: \(reason)"
        case .malformed(let path, let line, let reason):
            "\(path) line \(line): \(reason)"
        case .incompleteEnvironment(let missing):
            "\(missing) is not set: set both the user and the password variables, or neither"
        }
    }
}

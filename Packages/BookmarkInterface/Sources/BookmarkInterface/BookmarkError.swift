/// Why a bookmark could not be saved, loaded, made or resolved. Each case reads as one line.
public enum BookmarkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key is empty or longer than ``maximumKeyLength`` UTF-8 bytes.
    case invalidKey(String)
    /// The store's folder is unsafe or unusable (a symbolic link, owned by another user, readable
    /// by others, not a folder ...).
    case storeRefused(path: String, reason: String)
    /// The entry for a key exists but is damaged.
    case corruptEntry(key: String)
    /// Bookmark data was requested for something that is not an existing folder.
    case notAFolder(path: String)
    /// Bookmark data is not in a format this implementation wrote.
    case malformedBookmark(String)
    /// The bookmarked folder is neither at its path nor renamed within its parent.
    case folderNotFound(path: String)

    /// The longest key accepted, in UTF-8 bytes.
    public static let maximumKeyLength = 120

    public var description: String {
        switch self {
        case .invalidKey(let key):
            "bookmark key \"\(key)\" is invalid: use 1 to \(Self.maximumKeyLength) UTF-8 bytes"
        case .storeRefused(let path, let reason):
            "bookmark store \(path) refused: \(reason)"
        case .corruptEntry(let key):
            "bookmark \"\(key)\" is damaged: save it again"
        case .notAFolder(let path):
            "\(path) is not an existing folder"
        case .malformedBookmark(let reason):
            "bookmark data is malformed: \(reason)"
        case .folderNotFound(let path):
            "the folder \(path) is gone (not found at its path, nor renamed beside it)"
        }
    }
}

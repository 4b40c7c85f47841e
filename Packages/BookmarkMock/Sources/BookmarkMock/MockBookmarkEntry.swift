import BookmarkInterface
import Foundation

/// What the Mock store keeps in an entry's file: the key again and the value, as the Live store
/// does (in a format of its own), so an entry that is damaged, truncated or copied under another
/// key's name loads as ``BookmarkError/corruptEntry(key:)`` on both.
struct MockBookmarkEntry: Codable {
    var mockBookmarkEntry: Int
    var key: [UInt8]
    var data: Data

    /// The entry of `data` saved under `key`.
    static func encode(_ data: Data, key: String) throws -> Data {
        try JSONEncoder().encode(MockBookmarkEntry(mockBookmarkEntry: 1, key: Array(key.utf8), data: data))
    }

    /// The value of an entry read for `key`.
    /// - Throws: ``BookmarkError/corruptEntry(key:)`` when the bytes are not an entry for `key`.
    static func decode(_ bytes: Data, expecting key: String) throws -> Data {
        guard let entry = try? JSONDecoder().decode(MockBookmarkEntry.self, from: bytes),
            entry.mockBookmarkEntry == 1, entry.key == Array(key.utf8)
        else { throw BookmarkError.corruptEntry(key: key) }
        return entry.data
    }
}

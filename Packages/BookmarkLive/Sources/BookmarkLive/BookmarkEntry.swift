import Foundation

/// The file format of one stored bookmark: versioned JSON that repeats its key, so an entry
/// found under the wrong name, truncated or edited by hand is detected as damaged.
struct BookmarkEntry: Codable, Equatable {
    static let currentVersion = 1

    var version: Int
    var key: String
    var data: Data

    init(key: String, data: Data) {
        self.version = Self.currentVersion
        self.key = key
        self.data = data
    }

    /// Decodes an entry and checks it belongs to `key`.
    /// - Throws: `BookmarkError.corruptEntry` for anything else.
    static func decode(_ bytes: Data, expecting key: String) throws -> BookmarkEntry {
        guard let entry = try? JSONDecoder().decode(BookmarkEntry.self, from: bytes),
            entry.version == currentVersion, Array(entry.key.utf8) == Array(key.utf8)
        else { throw BookmarkErrorFactory.corrupt(key) }
        return entry
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}

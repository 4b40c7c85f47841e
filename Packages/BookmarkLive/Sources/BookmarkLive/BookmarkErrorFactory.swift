import BookmarkInterface

/// Builds the ``BookmarkError`` values this package throws, in one place.
enum BookmarkErrorFactory {
    static func corrupt(_ key: String) -> BookmarkError { .corruptEntry(key: key) }

    /// Checks a key is 1 to `maximumKeyLength` UTF-8 bytes.
    static func validate(_ key: String) throws {
        guard !key.isEmpty, key.utf8.count <= BookmarkError.maximumKeyLength else {
            throw BookmarkError.invalidKey(key)
        }
    }
}

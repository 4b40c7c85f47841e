public import Foundation

/// Keeps small blobs (bookmark data) under string keys, across runs of the program.
///
/// Implementations promise (the `BookmarkStorageContract` checks each):
/// - a saved value loads back byte for byte; a key never saved loads as `nil`;
/// - any key string is safe: keys are compared by their bytes (NFC and NFD spellings are two keys)
///   and no key can name a location outside the store;
/// - each save is atomic: a reader sees the old value or the new one, never a mix;
/// - a damaged entry is an error, never a crash or a silent `nil`.
///
/// ```swift
/// try storage.saveBookmark(data, for: "pair.documents")
/// let data = try storage.loadBookmark(for: "pair.documents")
/// ```
public protocol BookmarkStorageProviding: Sendable {
    /// Saves `data` under `key`, replacing what was there.
    /// - Parameters:
    ///   - data: the bytes to keep.
    ///   - key: any non-empty string of at most ``BookmarkError/maximumKeyLength`` UTF-8 bytes.
    /// - Throws: ``BookmarkError/invalidKey(_:)``, ``BookmarkError/storeRefused(path:reason:)``, or
    ///   an I/O error of the store.
    func saveBookmark(_ data: Data, for key: String) throws

    /// The data saved under `key`, or `nil` when nothing was saved.
    /// - Parameter key: the key used to save.
    /// - Throws: ``BookmarkError/corruptEntry(key:)`` for a damaged entry,
    ///   ``BookmarkError/storeRefused(path:reason:)``, ``BookmarkError/invalidKey(_:)``.
    func loadBookmark(for key: String) throws -> Data?
}

public import Foundation

/// Creates bookmark data that remembers a folder, and finds the folder again from it.
///
/// On Darwin this is `URL.bookmarkData`; on Linux the Live implementation records the folder's
/// path and identity (device and inode). Implementations promise:
/// - resolving finds the folder at its recorded path when its identity still matches;
/// - a folder renamed within the same parent is found again and reported ``ResolvedBookmark/isStale``
///   (save fresh bookmark data then);
/// - anything else fails with ``BookmarkError/folderNotFound(path:)``: never a broader path, never a
///   different folder that took the old name;
/// - bookmark data is untrusted input: malformed data throws ``BookmarkError/malformedBookmark(_:)``.
///
/// ```swift
/// let data = try resolver.makeBookmark(for: folder)
/// let resolved = try resolver.resolveBookmark(data)
/// if resolved.isStale { try storage.saveBookmark(try resolver.makeBookmark(for: resolved.url), for: key) }
/// ```
public protocol BookmarkResolving: Sendable {
    /// Bookmark data for an existing folder.
    /// - Parameter folder: a file URL of a folder.
    /// - Returns: opaque bytes to store.
    /// - Throws: ``BookmarkError/notAFolder(path:)`` when `folder` is missing or not a folder.
    func makeBookmark(for folder: URL) throws -> Data

    /// The folder bookmark data remembers.
    /// - Parameter data: bytes from ``makeBookmark(for:)`` (or anything else: they are checked).
    /// - Returns: the folder's current URL and whether it moved.
    /// - Throws: ``BookmarkError/malformedBookmark(_:)``, ``BookmarkError/folderNotFound(path:)``.
    func resolveBookmark(_ data: Data) throws -> ResolvedBookmark
}

public import BookmarkInterface
import Foundation

/// Where the engine keeps each pair's folder bookmark, and how it makes and follows one: a pair
/// whose folder was renamed beside its old name is found again by ``SyncManager/trackedPairs()``.
///
/// ```swift
/// let bookmarks = PairBookmarks(storage: storage, resolver: resolver)
/// ```
public struct PairBookmarks: Sendable {
    /// Keeps the bookmark data, under ``key(for:)``.
    public let storage: any BookmarkStorageProviding
    /// Makes bookmark data for a folder and finds the folder again from it.
    public let resolver: any BookmarkResolving

    /// Bookmarks kept in `storage`, made and followed by `resolver`.
    public init(storage: any BookmarkStorageProviding, resolver: any BookmarkResolving) {
        self.storage = storage
        self.resolver = resolver
    }

    /// The key under which a pair's folder bookmark is kept: `pair.<name>`.
    public static func key(for pair: String) -> String { "pair." + pair }

    /// Saves a bookmark of the pair's folder unless the saved one already finds the folder at its
    /// path. A bookmark that cannot be made or saved is skipped: the folder is still found by its
    /// path.
    func record(_ pair: SyncPair) {
        let key = Self.key(for: pair.name)
        if let saved = try? storage.loadBookmark(for: key), let resolved = try? resolver.resolveBookmark(saved),
            !resolved.isStale,
            resolved.url.standardizedFileURL.path(percentEncoded: false) == pair.localRoot.path(percentEncoded: false)
        {
            return
        }
        guard let data = try? resolver.makeBookmark(for: pair.localRoot) else { return }
        try? storage.saveBookmark(data, for: key)
    }

    /// Where the pair's bookmark finds its folder: nil when there is no (readable) bookmark or the
    /// folder is at its path; the folder's new URL when it was renamed.
    /// - Throws: the resolver's error when the folder is gone.
    func follow(_ pair: SyncPair) throws -> URL? {
        guard let data = try? storage.loadBookmark(for: Self.key(for: pair.name)) else { return nil }
        let resolved = try resolver.resolveBookmark(data)
        return resolved.isStale ? resolved.url : nil
    }
}

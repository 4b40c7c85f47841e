public import BookmarkInterface
public import Foundation
import POSIXSupport

/// The production ``BookmarkResolving`` on Linux: bookmark data records a folder's path and its
/// identity (device and inode).
///
/// Resolving looks at the recorded path first; if the folder there has the recorded identity, that
/// is the answer. Otherwise it looks among the folders beside it (same parent) for the recorded
/// identity and reports a match as stale (the folder was renamed). Anything else is
/// ``BookmarkError/folderNotFound(path:)``: it never falls back to a broader path or to another
/// folder that took the name. (On Darwin, `URL.bookmarkData` would be the natural backing; this
/// format works on both.)
///
/// ```swift
/// let resolver = DefaultBookmarkResolver()
/// let data = try resolver.makeBookmark(for: URL(filePath: "/home/me/Documents"))
/// ```
public struct DefaultBookmarkResolver: BookmarkResolving {
    /// Creates the resolver; it holds no state.
    public init() {}

    public func makeBookmark(for folder: URL) throws -> Data {
        let path = folder.standardizedFileURL.path(percentEncoded: false).trimmingTrailingSlash
        guard let status = try? FileStatus.of(path, followingLinks: true), status.kind == .directory else {
            throw BookmarkError.notAFolder(path: folder.path(percentEncoded: false))
        }
        return try FolderBookmark(path: path, device: status.device, inode: status.inode).encoded()
    }

    public func resolveBookmark(_ data: Data) throws -> ResolvedBookmark {
        let bookmark = try FolderBookmark.decode(data)
        if matches(bookmark, try? FileStatus.of(bookmark.path, followingLinks: true)) {
            return ResolvedBookmark(url: URL(filePath: bookmark.path, directoryHint: .isDirectory), isStale: false)
        }
        let parent = URL(filePath: bookmark.path).deletingLastPathComponent().path(percentEncoded: false)
            .trimmingTrailingSlash
        for name in (try? DirectoryListing.names(in: parent)) ?? [] {
            let candidate = (parent == "/" ? "" : parent) + "/" + name
            if matches(bookmark, try? FileStatus.of(candidate)) {
                return ResolvedBookmark(url: URL(filePath: candidate, directoryHint: .isDirectory), isStale: true)
            }
        }
        throw BookmarkError.folderNotFound(path: bookmark.path)
    }

    private func matches(_ bookmark: FolderBookmark, _ status: FileStatus?) -> Bool {
        guard let status else { return false }
        return status.kind == .directory && status.device == bookmark.device && status.inode == bookmark.inode
    }
}

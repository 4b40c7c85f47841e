public import BookmarkInterface
public import Foundation
import POSIXSupport

/// The production ``BookmarkStorageProviding``: one file per key in a private folder.
///
/// - The store is `$XDG_STATE_HOME/synccli/bookmarks` by default, created with mode 0700.
/// - Before every use the folder is checked with `lstat`: a symbolic link, a folder owned by
///   another user, or one that group or others can access is refused with
///   ``BookmarkError/storeRefused(path:reason:)``; nothing is read from or written into it.
/// - An entry's file name is the hex of the key's UTF-8 bytes, so no key can name a path outside
///   the store and look-alike keys stay apart. The entry repeats its key and a format version;
///   a damaged entry throws ``BookmarkError/corruptEntry(key:)``.
/// - Saves are crash-safe atomic replaces, mode 0600 from the moment the file exists, so
///   concurrent processes never see a torn entry.
/// - An entry is read as hostile input: a symbolic link is not followed, opening cannot block
///   (a FIFO), and only a regular file of at most ``entryLimit`` bytes is read; anything else is
///   ``BookmarkError/storeRefused(path:reason:)`` with one sentence. A save whose entry would be
///   larger is refused the same way, so what is saved always loads.
///
/// ```swift
/// let storage = DefaultBookmarkStorage()
/// try storage.saveBookmark(data, for: "pair.documents")
/// ```
public struct DefaultBookmarkStorage: BookmarkStorageProviding {
    /// The store's folder.
    public let folder: URL

    /// The most bytes one stored entry may hold, 16 MiB: a bookmark is a few hundred bytes, and
    /// the storage contract round-trips a 1 MiB value (about 1.4 MiB once encoded).
    public static let entryLimit = 16 << 20

    /// The store at `$XDG_STATE_HOME/synccli/bookmarks`.
    public init() {
        self.init(folder: XDGDirectories().state.appending(path: "synccli/bookmarks", directoryHint: .isDirectory))
    }

    /// A store in `folder` (created on first save if missing; its parent is created as needed).
    public init(folder: URL) {
        self.folder = folder
    }

    public func saveBookmark(_ data: Data, for key: String) throws {
        try BookmarkErrorFactory.validate(key)
        let entry = try BookmarkEntry(key: key, data: data).encoded()
        guard entry.count <= Self.entryLimit else {
            throw BookmarkError.storeRefused(
                path: folderPath,
                reason:
                    "cannot save \"\(key)\": its entry would be \(ByteCountText.describe(Int64(entry.count))), over the \(ByteCountText.describe(Int64(Self.entryLimit))) limit"
            )
        }
        try openStore(creating: true)
        do {
            try AtomicFileWriter.write(entry, to: entryPath(for: key), mode: .exactly(0o600))
        } catch {
            throw BookmarkError.storeRefused(
                path: folderPath, reason: "cannot save: \(SystemCallError.message(for: error.code))")
        }
    }

    public func loadBookmark(for key: String) throws -> Data? {
        try BookmarkErrorFactory.validate(key)
        guard try openStore(creating: false) else { return nil }
        let bytes: Data
        let path = entryPath(for: key)
        do {
            bytes = try BoundedFileReader.read(path, limit: Self.entryLimit)
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            throw BookmarkError.storeRefused(path: folderPath, reason: "cannot read \(path): \(error.reason)")
        }
        return try BookmarkEntry.decode(bytes, expecting: key).data
    }

    /// The file that holds `key`'s entry.
    func entryPath(for key: String) -> String {
        folderPath + "/" + key.utf8.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + ".bookmark"
    }

    private var folderPath: String { folder.standardizedFileURL.path(percentEncoded: false).trimmingTrailingSlash }

    /// Checks (and if asked creates) the store folder.
    /// - Returns: false when it does not exist and was not created.
    @discardableResult
    private func openStore(creating: Bool) throws -> Bool {
        let path = folderPath
        let status: FileStatus
        do {
            status = try FileStatus.of(path)
        } catch  where error.code == ENOENT {
            guard creating else { return false }
            do {
                try makeFolderWithAncestors(path, permissions: 0o700)
            } catch {
                throw BookmarkError.storeRefused(
                    path: path, reason: "cannot be created: \(SystemCallError.message(for: error.code))")
            }
            return true
        } catch {
            throw BookmarkError.storeRefused(path: path, reason: SystemCallError.message(for: error.code))
        }
        switch status.kind {
        case .symbolicLink: throw BookmarkError.storeRefused(path: path, reason: "it is a symbolic link")
        case .directory: break
        default: throw BookmarkError.storeRefused(path: path, reason: "it is not a folder")
        }
        guard status.owner == currentUserID() else {
            throw BookmarkError.storeRefused(
                path: path, reason: "it is owned by user \(status.owner), not by this user")
        }
        guard status.permissions & 0o077 == 0 else {
            throw BookmarkError.storeRefused(
                path: path,
                reason:
                    "group or others can access it (mode \(String(status.permissions, radix: 8))); run chmod 700 on it")
        }
        return true
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

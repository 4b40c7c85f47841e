public import BookmarkInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``BookmarkStorageProviding`` for tests.
///
/// Entries live as files of the ``MockWorld`` tree, in `folder`, named by the hex of the key's
/// bytes (as the Live store names them) and holding the key again, so storages on one world share
/// their entries, a damaged or swapped entry is ``BookmarkError/corruptEntry(key:)``, faults can
/// target one key's entry URL (``entryURL(for:)``), and every call is journaled.
///
/// ```swift
/// let storage = MockBookmarkStorage()
/// storage.world.inject(Fault(BookmarkError.corruptEntry(key: "k"), operation: .loadBookmark))
/// ```
public struct MockBookmarkStorage: BookmarkStorageProviding {
    /// The world holding the entries and the journal.
    public let world: MockWorld
    /// The folder of the world that holds the entries.
    public let folder: URL

    /// Creates a storage on `world`, keeping entries in `folder`.
    public init(
        world: MockWorld = MockWorld(),
        folder: URL = URL(filePath: "/mock-state/bookmarks", directoryHint: .isDirectory)
    ) {
        self.world = world
        self.folder = folder
    }

    /// The URL of the entry that holds `key`, for faults aimed at one key.
    public func entryURL(for key: String) -> URL {
        folder.appending(path: String(decoding: Self.entryName(for: key), as: UTF8.self))
    }

    /// The entry's file name: the hex of the key's bytes, then `.bookmark`.
    private static func entryName(for key: String) -> [UInt8] {
        Array(
            (key.utf8.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined() + ".bookmark").utf8)
    }

    public func saveBookmark(_ data: Data, for key: String) throws {
        try validate(key)
        try world.perform(.saveBookmark, url: entryURL(for: key), mutates: true) { tree in
            let entry = try openStore(in: &tree, creating: true).appending(Self.entryName(for: key))
            do {
                try tree.writeFile(try MockBookmarkEntry.encode(data, key: key), at: entry, permissions: 0o600)
            } catch let error as POSIXError {
                throw BookmarkError.storeRefused(path: storePath, reason: "cannot save: \(error.code)")
            }
        }
    }

    public func loadBookmark(for key: String) throws -> Data? {
        try validate(key)
        let shown = entryURL(for: key).path(percentEncoded: false)
        return try world.perform(.loadBookmark, url: entryURL(for: key), mutates: false) { tree in
            let entry = try openStore(in: &tree, creating: false).appending(Self.entryName(for: key))
            guard let found = tree.entry(at: entry) else { return nil }
            guard let bytes = found.data else {
                throw BookmarkError.storeRefused(path: storePath, reason: "cannot read \(shown): not a regular file")
            }
            return try MockBookmarkEntry.decode(bytes, expecting: key)
        }
    }

    /// The store folder's path, as the Live store words it.
    private var storePath: String {
        var path = folder.standardizedFileURL.path(percentEncoded: false)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Checks (and if asked creates) the store folder, as the Live store does: a link or
    /// anything but a folder there is ``BookmarkError/storeRefused(path:reason:)``; a missing one
    /// not to be created is left missing (its entries then read as absent).
    /// - Returns: the store folder's place, links on the way to it resolved (as the disk follows
    ///   them), so its entries are written and read there.
    private func openStore(in tree: inout InMemoryTree, creating: Bool) throws -> PathKey {
        let path = storePath
        var place = PathKey(path: path)
        do {
            place = try tree.lookUp(path, followingFinalLink: false).key
        } catch let error as POSIXError {
            // A missing folder on the way is a store to create, as on disk; anything else refuses.
            guard error.code == .ENOENT else {
                throw BookmarkError.storeRefused(path: path, reason: "\(error.code)")
            }
        }
        switch tree.entry(at: place)?.kind {
        case nil:
            guard creating else { return place }
            do {
                try tree.makeDirectory(at: place, intermediate: true)
            } catch let error as POSIXError {
                throw BookmarkError.storeRefused(path: path, reason: "cannot be created: \(error.code)")
            }
            return place
        case .directory?: return place
        case .symbolicLink?: throw BookmarkError.storeRefused(path: path, reason: "it is a symbolic link")
        default: throw BookmarkError.storeRefused(path: path, reason: "it is not a folder")
        }
    }

    private func validate(_ key: String) throws {
        guard !key.isEmpty, key.utf8.count <= BookmarkError.maximumKeyLength else {
            throw BookmarkError.invalidKey(key)
        }
    }
}

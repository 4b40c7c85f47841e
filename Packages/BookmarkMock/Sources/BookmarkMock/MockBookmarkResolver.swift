public import BookmarkInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``BookmarkResolving`` for tests: bookmark data records a folder's path and its
/// identity in the ``MockWorld`` tree, and resolving follows the same rules as the Live resolver
/// (at its path, else renamed beside it and stale, else not found; malformed data is an error).
public struct MockBookmarkResolver: BookmarkResolving {
    /// The world whose tree is searched.
    public let world: MockWorld

    /// Creates a resolver on `world`.
    public init(world: MockWorld = MockWorld()) {
        self.world = world
    }

    private struct Record: Codable {
        var mockBookmark: Int
        var path: String
        var identity: UInt64
    }

    public func makeBookmark(for folder: URL) throws -> Data {
        let key = PathKey(folder)
        return try world.perform(.makeBookmark, url: folder, mutates: false) { tree in
            // Followed as the Live resolver's stat follows it: a link to a folder is that folder.
            guard let found = try? tree.lookUp(folder.path(percentEncoded: false), followingFinalLink: true),
                let entry = tree.entry(at: found.key), entry.isDirectory
            else {
                throw BookmarkError.notAFolder(path: folder.path(percentEncoded: false))
            }
            return try JSONEncoder().encode(Record(mockBookmark: 1, path: key.path, identity: entry.identity))
        }
    }

    public func resolveBookmark(_ data: Data) throws -> ResolvedBookmark {
        guard let record = try? JSONDecoder().decode(Record.self, from: data), record.mockBookmark == 1,
            record.path.hasPrefix("/")
        else { throw BookmarkError.malformedBookmark("not bookmark data written by MockBookmarkResolver") }
        let recorded = PathKey(path: record.path)
        return try world.perform(.resolveBookmark, url: recorded.url, mutates: false) { tree in
            // At its own path a link to the folder is followed (as makeBookmark followed it);
            // beside it, as the Live resolver's scan does, a link is not the folder moved there.
            func matches(_ path: PathKey, followingLink: Bool = true) -> Bool {
                guard let found = try? tree.lookUp(path.path, followingFinalLink: followingLink),
                    let entry = tree.entry(at: found.key)
                else { return false }
                return entry.isDirectory && entry.identity == record.identity
            }
            // A folder's URL, as the Live resolver gives it (a trailing slash in its path).
            func folderURL(_ path: PathKey) -> URL { URL(filePath: path.path, directoryHint: .isDirectory) }
            if matches(recorded) { return ResolvedBookmark(url: folderURL(recorded), isStale: false) }
            for name in (try? tree.childNames(of: recorded.parent)) ?? []
            where matches(recorded.parent.appending(name), followingLink: false) {
                return ResolvedBookmark(url: folderURL(recorded.parent.appending(name)), isStale: true)
            }
            throw BookmarkError.folderNotFound(path: record.path)
        }
    }
}

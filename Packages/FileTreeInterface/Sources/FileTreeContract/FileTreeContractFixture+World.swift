import FileTreeInterface
import Foundation

/// The world helpers, by path relative to one of the fixture's roots.
extension FileTreeContractFixture {
    /// A modification time with a non-zero nanosecond part, so lost precision shows.
    static let sampleTime: Int64 = 1_650_000_000_123_456_789

    /// The absolute URL of `path` in `root`.
    func url(_ path: RelativePath, in root: URL) -> URL {
        path.isRoot ? root : root.appending(path: path.text, directoryHint: .notDirectory)
    }

    /// Creates a file and returns its path.
    @discardableResult
    func file(
        _ text: String, in root: URL, bytes: Data = Data("contents".utf8), modified: Int64 = sampleTime,
        permissions: UInt32 = 0o644
    ) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeFileAt(url(path, in: root), bytes, modified, permissions)
        return path
    }

    /// Creates a folder and returns its path.
    @discardableResult
    func folder(_ text: String, in root: URL) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeFolderAt(url(path, in: root))
        return path
    }

    /// Creates a symbolic link holding `target` and returns its path.
    @discardableResult
    func link(_ text: String, in root: URL, to target: String) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeSymbolicLinkAt(url(path, in: root), target)
        return path
    }

    /// The bytes of a file.
    func contents(of path: RelativePath, in root: URL) throws -> Data {
        try readFileAt(url(path, in: root))
    }

    /// The sorted entry names of a folder.
    func names(in path: RelativePath, of root: URL) throws -> [String] {
        try listFolderAt(url(path, in: root)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

import FileTreeInterface
import Foundation

/// The world helpers, by path relative to one of the fixture's roots.
extension SideContractFixture {
    /// A modification time with a non-zero nanosecond part, so lost precision shows.
    static let sampleTime: Int64 = 1_650_000_000_123_456_789

    func url(_ path: RelativePath, in root: URL) -> URL {
        path.isRoot ? root : root.appending(path: path.text, directoryHint: .notDirectory)
    }

    @discardableResult
    func file(
        _ text: String, in root: URL, bytes: Data = Data("contents".utf8), modified: Int64 = sampleTime,
        permissions: UInt32 = 0o644
    ) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeFileAt(url(path, in: root), bytes, modified, permissions)
        return path
    }

    @discardableResult
    func folder(_ text: String, in root: URL) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeFolderAt(url(path, in: root))
        return path
    }

    @discardableResult
    func link(_ text: String, in root: URL, to target: String) throws -> RelativePath {
        let path = try RelativePath(text)
        try makeSymbolicLinkAt(url(path, in: root), target)
        return path
    }

    func contents(of path: RelativePath, in root: URL) throws -> Data {
        try readFileAt(url(path, in: root))
    }

    /// The sorted entry names of a folder.
    func names(in path: RelativePath, of root: URL) throws -> [String] {
        try listFolderAt(url(path, in: root)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Bytes of a recognisable pattern.
    static func pattern(_ count: Int, seed: Int = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7 &+ ($0 >> 8)) })
    }
}

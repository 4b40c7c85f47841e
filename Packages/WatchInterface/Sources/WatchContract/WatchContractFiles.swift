public import Foundation

/// The file operations a contract case performs in the world a watch implementation watches:
/// the real disk for the Live package, the shared in-memory world for the Mock.
public protocol WatchContractFiles: Sendable {
    /// Creates the folder at `url`; its parent exists.
    func makeFolder(at url: URL) throws
    /// Creates or replaces the file at `url` with `contents`.
    func writeFile(at url: URL, contents: String) throws
    /// Removes the file, link or whole folder tree at `url`.
    func remove(at url: URL) throws
    /// Moves the entry at `source` to `destination` (a rename on one file system).
    func move(from source: URL, to destination: URL) throws
    /// Creates a symbolic link at `url` pointing at `target`.
    func makeLink(at url: URL, to target: URL) throws
}

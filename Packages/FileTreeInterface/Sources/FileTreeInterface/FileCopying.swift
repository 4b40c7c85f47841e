public import Foundation

/// Copies file contents between trees, and fingerprints them.
///
/// Implementations promise: the destination appears atomically (all bytes or nothing) and
/// durably, with the source's modification time and permissions; it never replaces an existing
/// destination; a source that differs from what the caller expects, before or after the copy, is
/// not committed (``TreeError/sourceChanged(_:)``).
public protocol FileCopying: Sendable {
    /// Copies one file.
    /// - Parameters:
    ///   - source: the file's path in `sourceRoot`.
    ///   - sourceRoot: the source tree.
    ///   - expected: the source as the caller last saw it (size, time, identity must still match).
    ///   - destination: where the copy goes in `destinationRoot`; nothing may be there.
    ///   - destinationRoot: the destination tree.
    /// - Returns: the new destination entry.
    /// - Throws: ``TreeError/sourceChanged(_:)``, ``TreeError/alreadyExists(_:)``,
    ///   ``TreeError/notFound(_:)`` (destination folder missing), ``TreeError/io(path:code:message:)``.
    func copyFile(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> TreeEntry

    /// The content digest of a file (computed with ``ContentDigester``).
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/io(path:code:message:)``.
    func digest(of path: RelativePath, in root: URL) throws -> ContentDigest
}

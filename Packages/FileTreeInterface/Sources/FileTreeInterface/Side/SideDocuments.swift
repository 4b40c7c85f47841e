public import Foundation

/// The engine's own small files at a side's root (its root marker, a container's `data.json`,
/// the ignore file), read and written whole.
public protocol SideDocuments: Sendable {
    /// The bytes of the document `name` at the side's root, or nil when there is none.
    ///
    /// Implementations treat what is there as hostile: only a regular file is read, a symbolic
    /// link is never followed, opening never blocks, and a file over the implementation's limit
    /// is refused rather than read into memory.
    /// - Parameter name: a single file name (no `/`).
    /// - Throws: the implementation's error when something is there that cannot be read as a
    ///   document (a link, a folder, a special file, too large, unreadable).
    func readDocument(named name: String) throws -> Data?

    /// Replaces (or creates) the document `name` at the side's root atomically and durably: a
    /// reader sees the old bytes or the new ones, never a mix, and the new ones survive a crash
    /// once this returns.
    /// - Throws: the implementation's error when the document cannot be written.
    func writeDocument(_ data: Data, named name: String) throws
}

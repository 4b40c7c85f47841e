public import Foundation

/// Reads and writes the engine's small documents at a root (see ``SideDocuments``), by root:
/// what ``FolderSide`` binds to its root.
public protocol DocumentStoring: Sendable {
    /// The document `name` at `root`, or nil when there is none.
    /// - Throws: the implementation's error for anything there that is not a readable document.
    func readDocument(named name: String, in root: URL) throws -> Data?

    /// Replaces (or creates) the document `name` at `root`, atomically and durably.
    /// - Throws: the implementation's error when it cannot be written.
    func writeDocument(_ data: Data, named name: String, in root: URL) throws
}

public import FileAccessorInterface
public import FileTreeInterface
public import Foundation

/// The engine's documents at a root (root markers, `data.json`, the ignore file) through a
/// ``FileAccessorInterface/FileAccessorProviding``: `<root>/<name>`, read whole and written
/// atomically by the accessor.
///
/// What ``SyncManager/init(fileSystem:fileAccessor:scanner:mutator:copier:locking:environment:)``
/// gives its folder sides, so a test's `MockFileAccessor` (its `files`, `readError`,
/// `writeError`) sees the container's `data.json` as the guide's tests expect.
public struct FileAccessorDocuments: DocumentStoring {
    /// Reads and writes every document.
    public let accessor: any FileAccessorProviding

    /// Documents through `accessor`.
    public init(accessor: any FileAccessorProviding) {
        self.accessor = accessor
    }

    /// The document's bytes, or nil when the accessor reports no such file.
    /// - Throws: any other error of the accessor's `read(from:)`, unchanged.
    public func readDocument(named name: String, in root: URL) throws -> Data? {
        do {
            return try accessor.read(from: root.appending(path: name))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        }
    }

    /// Writes the document with the accessor's atomic `write(_:to:)`.
    /// - Throws: the accessor's error, unchanged.
    public func writeDocument(_ data: Data, named name: String, in root: URL) throws {
        try accessor.write(data, to: root.appending(path: name))
    }
}

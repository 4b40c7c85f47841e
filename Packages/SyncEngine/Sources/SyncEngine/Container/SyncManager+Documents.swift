import FileTreeInterface
import Foundation

extension SyncManager {
    /// The container's document; a fresh one when there is none yet.
    /// - Throws: ``SyncError`` when it cannot be read or is not a document of this version.
    func loadDocument(in container: URL) throws -> ContainerDocument {
        try loadDocument(on: openSide(at: container))
    }

    /// The document of the container opened as `side`; a fresh one when there is none yet.
    /// - Throws: as ``loadDocument(in:)``.
    nonisolated func loadDocument(on side: any SyncSideProviding) throws -> ContainerDocument {
        guard let data = try readContainerDocument(on: side) else { return ContainerDocument() }
        return try ContainerDocument.decode(data, path: Self.documentPath(ContainerDocument.fileName, on: side))
    }

    /// The container document's bytes, or nil when there is none.
    /// - Throws: ``SyncError/io(path:underlying:)`` wrapping the side's error.
    nonisolated func readContainerDocument(on side: any SyncSideProviding) throws -> Data? {
        do {
            return try side.readDocument(named: ContainerDocument.fileName)
        } catch {
            throw SyncError.wrap(error, path: Self.documentPath(ContainerDocument.fileName, on: side))
        }
    }

    /// Records in the container's document that this machine synced `pair` now.
    /// - Throws: ``SyncError`` when the document cannot be read or written.
    nonisolated func recordSync(of pair: SyncPair, on container: any SyncSideProviding) throws {
        var document = try loadDocument(on: container)
        document.recordSync(pair: pair.name, machine: environment.machineName, at: environment.now())
        do {
            try container.writeDocument(try document.encoded(), named: ContainerDocument.fileName)
        } catch {
            throw SyncError.wrap(error, path: Self.documentPath(ContainerDocument.fileName, on: container))
        }
    }
}

import FileAccessorInterface
import FileTreeInterface
import Foundation

@testable import SyncEngine

extension RootMarker {
    /// Reads the marker at `root` through a file accessor (for tests that look at a root without
    /// opening it as a side).
    static func read(in root: URL, accessor: any FileAccessorProviding) -> Reading {
        read(
            from: AccessorBoundDocuments(root: root, store: FileAccessorDocuments(accessor: accessor)),
            location: root.path(percentEncoded: false))
    }

    /// Writes the marker at `root` through a file accessor.
    static func write(in root: URL, pair: String, stamp: ContainerStamp? = nil, accessor: any FileAccessorProviding)
        throws
    {
        try write(
            to: AccessorBoundDocuments(root: root, store: FileAccessorDocuments(accessor: accessor)),
            location: root.path(percentEncoded: false), pair: pair, stamp: stamp)
    }
}

/// A document store bound to one root: the documents of a side without the rest of it.
private struct AccessorBoundDocuments: SideDocuments {
    let root: URL
    let store: any DocumentStoring

    func readDocument(named name: String) throws -> Data? { try store.readDocument(named: name, in: root) }

    func writeDocument(_ data: Data, named name: String) throws { try store.writeDocument(data, named: name, in: root) }
}

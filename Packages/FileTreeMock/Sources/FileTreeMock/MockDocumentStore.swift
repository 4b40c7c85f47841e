public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``DocumentStoring`` for tests, with the Live's rules: only a regular file is
/// read, a symbolic link at the name is never followed, a file over ``limit`` is refused, and a
/// write replaces the document in one step.
///
/// Errors are ``TreeError/io(path:code:message:)`` naming the document, with the Live's codes:
/// `ELOOP` (a link), `EISDIR` (a folder), `EINVAL` (a pipe, socket or device), `EFBIG` (over the
/// limit), `ENOENT` / `ENOTDIR` for a write whose root is missing or not a folder. A read whose root is missing finds no document.
/// Calls go through ``MockWorld/perform(_:url:mutates:_:)`` as ``MockOperation/readDocument``
/// and ``MockOperation/writeDocument`` (mutating), so faults and the crash switch reach them.
public struct MockDocumentStore: DocumentStoring {
    /// The world the documents live in.
    public let world: MockWorld
    /// The largest document read, in bytes.
    public let limit: Int

    /// Creates a store on `world`.
    public init(world: MockWorld, limit: Int = 1 << 20) {
        self.world = world
        self.limit = limit
    }

    public func readDocument(named name: String, in root: URL) throws -> Data? {
        let path = try RelativePath(components: [name])
        return try world.perform(.readDocument, url: MockRoot.url(of: path, in: root), mutates: false) { tree in
            guard let record = tree.entry(at: MockRoot.url(of: path, in: root).pathKey) else { return nil }
            switch record.kind {
            case .symbolicLink: throw TreeError.io(path, ELOOP)
            case .directory: throw TreeError.io(path, EISDIR)
            case .special: throw TreeError.io(path, EINVAL)  // opened without blocking, then refused
            case .file(let data):
                guard data.count <= limit else { throw TreeError.io(path, EFBIG) }
                return data
            }
        }
    }

    public func writeDocument(_ data: Data, named name: String, in root: URL) throws {
        let path = try RelativePath(components: [name])
        try world.perform(.writeDocument, url: MockRoot.url(of: path, in: root), mutates: true) { tree in
            let key = MockRoot.url(of: path, in: root).pathKey
            if case .symbolicLink? = tree.entry(at: key)?.kind {
                try translating(path) { try tree.removeItem(at: key) }
            }
            try translating(path) { try tree.writeFile(data, at: key) }
        }
    }
}

extension URL {
    /// This URL's key in an in-memory tree.
    fileprivate var pathKey: PathKey { PathKey(self) }
}

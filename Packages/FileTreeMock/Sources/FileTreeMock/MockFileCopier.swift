public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``FileCopying`` for tests: copies files between roots of a ``MockWorld``'s tree
/// with the Live copier's rules and errors, and digests them with ``ContentDigester``.
///
/// A copy happens in one step (all bytes or nothing), keeps the source's modification time and
/// permissions, gets a new identity, never replaces anything, and is refused with
/// ``TreeError/sourceChanged(_:)`` when the source is not the file `expected` describes (size,
/// time, identity) or is not a file at all. Each call goes through
/// ``MockWorld/perform(_:url:mutates:_:)``: ``MockOperation/copyFile`` (mutating, recorded with the
/// destination's URL) and ``MockOperation/digest``.
///
/// ```swift
/// let world = MockWorld()
/// world.inject(Fault(TreeError.io(path: p, code: ENOSPC, message: "full"), operation: .copyFile, onCall: 3))
/// let copier = MockFileCopier(world: world)
/// ```
public struct MockFileCopier: FileCopying {
    /// The world this copier reads and writes.
    public let world: MockWorld

    /// Creates a copier on `world` (a fresh, empty one by default).
    public init(world: MockWorld = MockWorld()) {
        self.world = world
    }

    /// The calls of the file tree Mocks that this world recorded, in order.
    public var calls: [CallRecord] {
        world.journal.filter { MockOperation.fileTree.contains($0.operation) }
    }

    public func copyFile(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> TreeEntry {
        try world.perform(.copyFile, url: MockRoot.url(of: destination, in: destinationRoot), mutates: true) { tree in
            let sourceBase = try MockRoot(sourceRoot, in: tree)
            guard !source.isRoot, !destination.isRoot else { throw TreeError.rootOperand }
            try sourceBase.checkParent(of: source, in: tree)
            guard let record = tree.entry(at: sourceBase.key(of: source)) else { throw TreeError.notFound(source) }
            let current = TreeEntry(path: source, record)
            guard let data = record.data, current.size == expected.size,
                current.modificationNanoseconds == expected.modificationNanoseconds,
                current.identity == expected.identity
            else { throw TreeError.sourceChanged(source) }

            let destinationBase = try MockRoot(destinationRoot, in: tree)
            try destinationBase.checkParent(of: destination, in: tree)
            let key = destinationBase.key(of: destination)
            guard tree.entry(at: key) == nil else { throw TreeError.alreadyExists(destination) }
            try translating(destination) {
                try tree.writeFile(
                    data, at: key, permissions: record.permissions, modificationNanoseconds: record.modificationNanoseconds)
            }
            guard let copied = destinationBase.entry(at: destination, in: tree) else { throw TreeError.notFound(destination) }
            return copied
        }
    }

    public func digest(of path: RelativePath, in root: URL) throws -> ContentDigest {
        try world.perform(.digest, url: MockRoot.url(of: path, in: root), mutates: false) { tree in
            let base = try MockRoot(root, in: tree)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkParent(of: path, in: tree)
            guard let record = tree.entry(at: base.key(of: path)) else { throw TreeError.notFound(path) }
            switch record.kind {
            case .file(let data): return ContentDigest(of: data)
            case .directory: throw TreeError.io(path, EISDIR)
            case .symbolicLink: throw TreeError.io(path, ELOOP)
            }
        }
    }
}

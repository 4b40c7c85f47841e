public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``TreeMutating`` for tests: creates, removes and moves entries of a
/// ``MockWorld``'s tree with the Live mutator's rules and errors.
///
/// A symbolic link or a file on the way is ``TreeError/notAFolder(_:)``; a move never replaces
/// anything; permission bits are masked to `0o777` and a link's are never set; a full folder is
/// ``TreeError/folderNotEmpty(_:)``; the root is never an operand.
/// Each call is one mutating ``MockWorld/perform(_:url:mutates:_:)`` (``MockOperation/makeDirectory``,
/// ``MockOperation/removeItem``, ``MockOperation/removeEmptyFolder``, ``MockOperation/moveItem`` with
/// the source's URL, ``MockOperation/setPermissions``), so faults,
/// ``MockWorld/crash(atMutation:)`` and the journal apply, and a failed call changes nothing.
/// Every change is durable at once; ``flush(_:)`` only checks the root and is recorded
/// (``MockOperation/flush``, not mutating), so a fault can make it fail.
///
/// ```swift
/// let world = MockWorld()
/// world.crash(atMutation: 2)           // the second change and every later one throw MockCrash
/// let mutator = MockTreeMutator(world: world)
/// ```
public struct MockTreeMutator: TreeMutating, TreeSpaceReporting {
    /// The world this mutator changes.
    public let world: MockWorld
    /// The root folders this mutator works in, each kept from its first use (see ``MockRootRegistry``).
    public let roots: MockRootRegistry
    /// The simulated free space of the disk holding a root (nil: unknown, as for a side that
    /// cannot tell).
    public let space: @Sendable (URL) -> Int64?

    /// Creates a mutator on `world` (a fresh, empty one by default).
    /// - Parameters:
    ///   - world: the in-memory world it works in.
    ///   - roots: the root folders it shares with the other Mocks of the same sync; by default a
    ///     registry of its own.
    ///   - space: the free space ``availableSpace(in:)`` reports for a root; by default unknown.
    public init(
        world: MockWorld = MockWorld(), roots: MockRootRegistry = MockRootRegistry(),
        space: @escaping @Sendable (URL) -> Int64? = { _ in nil }
    ) {
        self.world = world
        self.roots = roots
        self.space = space
    }

    /// What ``space`` says for `root`; never fails.
    public func availableSpace(in root: URL) throws -> Int64? { space(root) }

    /// The calls of the file tree Mocks that this world recorded, in order.
    public var calls: [CallRecord] {
        world.journal.filter { MockOperation.fileTree.contains($0.operation) }
    }

    public func makeDirectory(_ path: RelativePath, in root: URL) throws {
        try world.perform(.makeDirectory, url: MockRoot.url(of: path, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkParent(of: path, in: tree)
            let key = base.key(of: path)
            guard tree.entry(at: key) == nil else { throw TreeError.alreadyExists(path) }
            try translating(path) { try tree.makeDirectory(at: key) }
        }
    }

    public func removeItem(_ path: RelativePath, in root: URL) throws {
        try world.perform(.removeItem, url: MockRoot.url(of: path, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(path, in: tree)
            let key = base.key(of: path)
            guard let entry = tree.entry(at: key) else { throw TreeError.notFound(path) }
            if entry.isDirectory, !(try translating(path) { try tree.childNames(of: key) }).isEmpty {
                throw TreeError.folderNotEmpty(path)
            }
            try translating(path) { try tree.removeItem(at: key) }
        }
    }

    public func removeEmptyFolder(_ path: RelativePath, in root: URL) throws {
        try world.perform(.removeEmptyFolder, url: MockRoot.url(of: path, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(path, in: tree)
            let key = base.key(of: path)
            guard let entry = tree.entry(at: key) else { throw TreeError.notFound(path) }
            guard entry.isDirectory else { throw TreeError.notAFolder(path) }
            guard (try translating(path) { try tree.childNames(of: key) }).isEmpty else {
                throw TreeError.folderNotEmpty(path)
            }
            try translating(path) { try tree.removeItem(at: key) }
        }
    }

    public func setPermissions(_ permissions: UInt32, of path: RelativePath, in root: URL) throws {
        try world.perform(.setPermissions, url: MockRoot.url(of: path, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(path, in: tree)
            let key = base.key(of: path)
            guard let entry = tree.entry(at: key) else { throw TreeError.notFound(path) }
            if case .symbolicLink = entry.kind { throw TreeError.io(path, ELOOP) }
            if case .special = entry.kind { throw TreeError.io(path, EINVAL) }
            try translating(path) { try tree.setPermissions(permissions & 0o777, at: key) }
        }
    }

    public func flush(_ root: URL) throws {
        try world.perform(.flush, url: root, mutates: false) { tree in _ = try MockRoot(root, in: tree, roots: roots) }
    }

    public func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws {
        try world.perform(.moveItem, url: MockRoot.url(of: source, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !source.isRoot, !destination.isRoot else { throw TreeError.rootOperand }
            try base.checkParent(of: source, in: tree)
            try base.checkParent(of: destination, in: tree)
            let from = base.key(of: source)
            let to = base.key(of: destination)
            // rename(2) looks the source up first, then the destination; a name too long for
            // either is ENAMETOOLONG, which the Live one reports naming the source.
            let limit = InMemoryTree.maximumNameLength
            if source.name.utf8.count > limit { throw TreeError.io(source, ENAMETOOLONG) }
            guard tree.entry(at: from) != nil else { throw TreeError.notFound(source) }
            if destination.name.utf8.count > limit { throw TreeError.io(source, ENAMETOOLONG) }
            guard tree.entry(at: to) == nil else { throw TreeError.alreadyExists(destination) }
            if to.isWithin(from) { throw TreeError.io(source, EINVAL) }
            try translating(source) { try tree.moveItem(from: from, to: to) }
        }
    }
}

public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``FileCopying`` for tests: copies files between roots of a ``MockWorld``'s tree
/// with the Live copier's rules and errors, and digests them with ``ContentDigester``.
///
/// A staged copy is a real entry of the tree, `.synccli-tmp-<16 hex digits>` in the destination's
/// folder, with the source's bytes, modification time and permissions (at most `0o777`: special
/// bits never travel) and a new identity; a crash
/// leaves it there, as it would a killed process's. Commit renames each one onto its destination
/// (never replacing anything). Nothing is refused for a source that is the file `expected`
/// describes (size, time, identity); anything else is ``TreeError/sourceChanged(_:)``.
///
/// Each step goes through ``MockWorld/perform(_:url:mutates:_:)``, so faults and the crash switch
/// reach it: ``MockOperation/stageCopy`` (mutating, recorded with the destination's URL), one
/// ``MockOperation/flushCopies`` per commit (recorded with the destination root; a fault there
/// fails the whole batch), ``MockOperation/commitCopy`` per copy (mutating, the destination's URL),
/// ``MockOperation/discardCopies`` and ``MockOperation/digest``. A failed commit step removes its
/// temporary file, as the Live one does; a crash does not.
///
/// ```swift
/// let world = MockWorld()
/// world.inject(Fault(TreeError.io(path: p, code: ENOSPC, message: "full"), operation: .stageCopy, onCall: 3))
/// let copier = MockFileCopier(world: world)
/// ```
public struct MockFileCopier: FileCopying {
    /// The world this copier reads and writes.
    public let world: MockWorld
    /// The root folders this copier works in, each kept from its first use (see ``MockRootRegistry``).
    public let roots: MockRootRegistry

    /// Creates a copier on `world` (a fresh, empty one by default).
    /// - Parameters:
    ///   - world: the in-memory world it works in.
    ///   - roots: the root folders it shares with the other Mocks of the same sync; by default a
    ///     registry of its own.
    public init(world: MockWorld = MockWorld(), roots: MockRootRegistry = MockRootRegistry()) {
        self.world = world
        self.roots = roots
    }

    /// The calls of the file tree Mocks that this world recorded, in order.
    public var calls: [CallRecord] {
        world.journal.filter { MockOperation.fileTree.contains($0.operation) }
    }

    public func stageCopy(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> StagedCopy {
        try world.perform(.stageCopy, url: MockRoot.url(of: destination, in: destinationRoot), mutates: true) { tree in
            let sourceBase = try MockRoot(sourceRoot, in: tree, roots: roots)
            guard !source.isRoot, !destination.isRoot else { throw TreeError.rootOperand }
            try sourceBase.checkPath(source, in: tree)
            guard let record = tree.entry(at: sourceBase.key(of: source)) else { throw TreeError.notFound(source) }
            // A link, a folder, a pipe, a socket or a device is never copied as a file.
            guard let current = TreeEntry(path: source, record), let data = record.data, current.size == expected.size,
                current.modificationNanoseconds == expected.modificationNanoseconds,
                current.identity == expected.identity
            else { throw TreeError.sourceChanged(source) }

            let destinationBase = try MockRoot(destinationRoot, in: tree, roots: roots)
            try destinationBase.checkParent(of: destination, in: tree)
            guard tree.entry(at: destinationBase.key(of: destination)) == nil else {
                throw TreeError.alreadyExists(destination)
            }
            // Named after the destination (as the Live one names them at random): a batch of
            // thousands of copies into one folder must not probe thousands of taken names each.
            var attempt: UInt64 = 0
            var temporary = try destination.parent.appending(
                Self.temporaryName(for: destination, in: destinationRoot, attempt))
            while tree.entry(at: destinationBase.key(of: temporary)) != nil {
                attempt += 1
                temporary = try destination.parent.appending(
                    Self.temporaryName(for: destination, in: destinationRoot, attempt))
            }
            try translating(destination) {
                try tree.writeFile(
                    data, at: destinationBase.key(of: temporary), permissions: record.permissions & 0o777,
                    modificationNanoseconds: record.modificationNanoseconds)
            }
            guard let written = try destinationBase.entry(at: temporary, in: tree) else {
                throw TreeError.notFound(destination)
            }
            return StagedCopy(
                destination: destination, temporaryName: temporary.name, entry: written.moved(to: destination))
        }
    }

    public func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>] {
        guard !staged.isEmpty else { return [] }
        do {
            try world.perform(.flushCopies, url: destinationRoot, mutates: false) { _ in }
        } catch {
            if !(error is MockCrash) { discard(staged, in: destinationRoot) }
            return staged.map { .failure(Self.treeError(error, naming: $0.destination)) }
        }
        return staged.map { copy in
            do {
                return .success(try place(copy, in: destinationRoot))
            } catch {
                if !(error is MockCrash) { removeTemporary(of: copy, in: destinationRoot) }
                return .failure(Self.treeError(error, naming: copy.destination))
            }
        }
    }

    public func discard(_ staged: [StagedCopy], in destinationRoot: URL) {
        _ = try? world.perform(.discardCopies, url: destinationRoot, mutates: true) { tree in
            for copy in staged { Self.removeTemporary(of: copy, in: destinationRoot, roots: roots, from: &tree) }
        }
    }

    /// Renames one staged copy onto its destination.
    private func place(_ copy: StagedCopy, in destinationRoot: URL) throws -> TreeEntry {
        try world.perform(.commitCopy, url: MockRoot.url(of: copy.destination, in: destinationRoot), mutates: true) {
            tree in
            let base = try MockRoot(destinationRoot, in: tree, roots: roots)
            try base.checkParent(of: copy.destination, in: tree)
            let temporary = base.key(of: try copy.temporaryPath)
            guard tree.entry(at: temporary) != nil else { throw TreeError.notFound(copy.destination) }
            guard tree.entry(at: base.key(of: copy.destination)) == nil else {
                throw TreeError.alreadyExists(copy.destination)
            }
            try translating(copy.destination) { try tree.moveItem(from: temporary, to: base.key(of: copy.destination)) }
            return copy.entry
        }
    }

    /// Removes a staged copy's temporary file if it is still there (outside the journal: it is the
    /// clean-up of a step that already failed).
    private func removeTemporary(of copy: StagedCopy, in destinationRoot: URL) {
        world.withTree { Self.removeTemporary(of: copy, in: destinationRoot, roots: roots, from: &$0) }
    }

    private static func removeTemporary(
        of copy: StagedCopy, in destinationRoot: URL, roots: MockRootRegistry, from tree: inout InMemoryTree
    ) {
        guard let base = try? MockRoot(destinationRoot, in: tree, roots: roots), let path = try? copy.temporaryPath
        else { return }
        if tree.entry(at: base.key(of: path))?.data != nil { try? tree.removeItem(at: base.key(of: path)) }
    }

    /// A temporary name derived from the destination's bytes (FNV-1a), so replays name alike.
    static func temporaryName(for destination: RelativePath, in root: URL, _ attempt: UInt64) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in destination.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return StagedCopy.temporaryName(in: root, random: UInt32(truncatingIfNeeded: hash &+ attempt))
    }

    private static func treeError(_ error: any Error, naming path: RelativePath) -> TreeError {
        if let error = error as? TreeError { return error }
        return .io(path: path, code: EIO, message: String(describing: error))
    }

    public func digest(of path: RelativePath, in root: URL) throws -> ContentDigest {
        try world.perform(.digest, url: MockRoot.url(of: path, in: root), mutates: false) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(path, in: tree)
            guard let record = tree.entry(at: base.key(of: path)) else { throw TreeError.notFound(path) }
            switch record.kind {
            case .file(let data): return ContentDigest(of: data)
            case .directory: throw TreeError.io(path, EISDIR)
            case .symbolicLink: throw TreeError.io(path, ELOOP)
            case .special(.socket): throw TreeError.io(path, ENXIO)  // a socket cannot be opened
            case .special: throw TreeError.io(path, EINVAL)  // opened without blocking, then refused
            }
        }
    }
}

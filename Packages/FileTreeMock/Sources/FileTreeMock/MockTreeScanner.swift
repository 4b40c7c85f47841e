public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``TreeScanning`` for tests: lists a ``MockWorld``'s tree as the Live scanner lists
/// a disk, with no I/O, every error on demand and every call recorded.
///
/// It passes the same contract as `POSIXTreeScanner`: entries in ``RelativePath`` order, links
/// reported and never entered, names distinct by their bytes, a name that is not valid UTF-8
/// reported as a ``ScanProblem``. Each call goes through ``MockWorld/perform(_:url:mutates:_:)``
/// (``MockOperation/scan`` with the root's URL, ``MockOperation/entry`` with the path's), so
/// faults and the journal apply; `excluding` is called outside the world's lock.
///
/// ```swift
/// let world = MockWorld()
/// let scanner = MockTreeScanner(world: world)
/// world.inject(Fault(TreeError.rootUnavailable("/c"), operation: .scan))
/// ```
public struct MockTreeScanner: TreeScanning {
    /// The world this scanner lists.
    public let world: MockWorld
    /// The root folders this scanner works in, each kept from its first use (see ``MockRootRegistry``).
    public let roots: MockRootRegistry

    /// Creates a scanner on `world` (a fresh, empty one by default).
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

    public func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        let full = try world.perform(.scan, url: root, mutates: false) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            var scan = TreeScan(entries: [])
            Self.walk(base.key, at: .root, in: tree, into: &scan)
            return scan
        }
        // Filter outside the lock, in the same order the Live scanner asks: pre-order, never
        // inside a left-out folder.
        var result = TreeScan(entries: [])
        var leftOut: [RelativePath] = []
        for entry in full.entries {
            if let folder = leftOut.last, entry.path.isWithin(folder) { continue }
            if excluding(entry.path, entry.kind) {
                if entry.kind == .directory { leftOut.append(entry.path) }
                continue
            }
            result.entries.append(entry)
        }
        result.problems = full.problems.filter { problem in !leftOut.contains { problem.path.isWithin($0) } }
        return result
    }

    public func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? {
        try world.perform(.entry, url: MockRoot.url(of: path, in: root), mutates: false) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            do {
                try base.checkParent(of: path, in: tree)
            } catch TreeError.notFound {
                return nil
            }
            try base.checkPath(path, in: tree)  // a name over 255 bytes is an error, not "nothing"
            return try base.entry(at: path, in: tree)
        }
    }

    /// Appends the entries below `folder` (at `path`), depth-first in byte order.
    private static func walk(_ folder: PathKey, at path: RelativePath, in tree: InMemoryTree, into scan: inout TreeScan)
    {
        guard let names = try? tree.childNames(of: folder) else {
            scan.problems.append(ScanProblem(path: path, reason: "cannot be listed"))
            return
        }
        for raw in names {
            guard let name = String(validating: raw, as: UTF8.self), let child = try? path.appending(name) else {
                scan.problems.append(
                    ScanProblem(
                        path: path, reason: "skipped a name that is not valid UTF-8", extent: .nameInFolder))
                continue
            }
            let key = folder.appending(raw)
            guard let record = tree.entry(at: key) else { continue }
            guard let entry = TreeEntry(path: child, record) else {
                scan.problems.append(
                    ScanProblem(
                        path: child, reason: "skipped: not a file, folder or symbolic link (a device, socket or pipe)"))
                continue
            }
            scan.entries.append(entry)
            if record.isDirectory { walk(key, at: child, in: tree, into: &scan) }
        }
    }
}

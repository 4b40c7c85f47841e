public import FileTreeInterface
import FileTreeMock
import Foundation
public import InMemorySupport

/// The Mock trio on a fresh ``MockWorld`` whose base folder is `/differential`. Set-up changes the
/// world's tree directly (no journal, no faults); a name's raw bytes go in as a ``PathKey``
/// component, so names that are not UTF-8 are modelled too, and pipes, sockets and devices are
/// the world's special entries.
public struct MockSide: TreeSide {
    public let name = "Mock"
    public let scanner: any TreeScanning
    public let mutator: any TreeMutating
    public let copier: any FileCopying
    public let basePath = "/differential"
    /// The world the trio shares.
    public let world: MockWorld

    /// Creates the world with `root`, `other` and `outside`.
    /// - Throws: what the tree throws (never, for a fresh world).
    public init() throws {
        world = MockWorld()
        let roots = MockRootRegistry()  // shared, as the Live side shares its RootDescriptors
        scanner = MockTreeScanner(world: world, roots: roots)
        mutator = MockTreeMutator(world: world, roots: roots)
        copier = MockFileCopier(world: world, roots: roots)
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/differential")) }
        for folder in ["root", "other", "outside"] {
            try apply(.folder(folder))
        }
    }

    public func apply(_ step: Step) throws {
        try world.withTree { tree in
            switch step {
            case .file(let path, let contents, let permissions, let modified):
                // As the Live side's open(O_CREAT|O_EXCL): never over an existing entry.
                try tree.checkFree(key(path))
                try tree.writeFile(
                    Data(contents.utf8), at: key(path), permissions: permissions, modificationNanoseconds: modified)
            case .folder(let path, let permissions):
                try tree.makeDirectory(at: key(path))
                if permissions & 0o777 != 0o755 { try tree.setPermissions(permissions, at: key(path)) }
            case .link(let path, let target):
                try tree.makeSymbolicLink(
                    at: key(path), target: target.replacingOccurrences(of: "$BASE", with: basePath))
            case .hardLink:
                throw CannotModel("the in-memory world has no hard links (one entry under two names)")
            case .rawLink(let path, let target):
                guard let text = String(validating: target, as: UTF8.self) else {
                    throw CannotModel("the in-memory world keeps a link's target as text, not bytes that are not UTF-8")
                }
                try tree.makeSymbolicLink(at: key(path), target: text)
            case .rawFile(let folder, let name):
                try tree.writeFile(
                    Data("raw".utf8), at: key(folder).appending(name), permissions: 0o644,
                    modificationNanoseconds: Times.first)
            case .rawFolder(let folder, let name):
                try tree.makeDirectory(at: key(folder).appending(name))
            case .fifo(let path):
                try tree.makeSpecialEntry(.namedPipe, at: key(path))
            case .socket(let path):
                try tree.makeSpecialEntry(.socket, at: key(path))
            case .characterDevice(let path):
                try tree.makeSpecialEntry(.characterDevice, at: key(path))
            case .onlyAsRoot:
                return
            case .remove(let path):
                if tree.entry(at: key(path)) != nil { try tree.removeItem(at: key(path)) }
            case .rename(let path, let destination):
                try tree.moveItem(from: key(path), to: key(destination))
            }
        }
    }

    /// The key of a path below the base folder.
    private func key(_ relative: String) -> PathKey {
        PathKey(path: basePath + "/" + relative)
    }
}

extension InMemoryTree {
    /// Throws `EEXIST` when something is at `key`.
    fileprivate func checkFree(_ key: PathKey) throws {
        if entry(at: key) != nil { throw POSIXError(.EEXIST) }
    }
}

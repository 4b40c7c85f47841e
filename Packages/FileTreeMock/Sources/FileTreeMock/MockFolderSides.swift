public import FileTreeInterface
public import Foundation
public import InMemorySupport

/// Opens sides on folders of a ``MockWorld``: ``FileTreeInterface/FolderSide``s over
/// ``MockTreeScanner``, ``MockTreeMutator``, ``MockFileCopier`` (sharing one
/// ``MockRootRegistry``) and ``MockDocumentStore``, all on one world, so what one side writes the other lists, and faults and the crash switch reach
/// every call.
///
/// Copies between two sides of the same world take the copier's direct path
/// (``MockFileCopier/stageCopy(_:in:expected:to:in:)``); a copy from a side of another kind (or
/// another world) streams. Capabilities are a local folder's.
///
/// ```swift
/// let world = MockWorld()
/// let manager = SyncManager(fileSystem: fileSystem, fileAccessor: MockFileAccessor(world: world),
///                           sides: MockFolderSides(world: world), locking: locking, environment: environment)
/// ```
public struct MockFolderSides: SideOpening {
    /// The world every side opened here works in.
    public let world: MockWorld
    private let folders: FolderSides

    /// Creates the opener on `world` (a fresh, empty one by default).
    /// - Parameter roots: the root folders its sides share, each kept from its first use (as
    ///   `LocalFolderSides` shares one `RootDescriptors`); by default a registry of its own.
    /// - Parameter space: the simulated free space of the disk holding a side's root (see
    ///   ``MockTreeMutator/space``); by default unknown.
    public init(
        world: MockWorld = MockWorld(), roots: MockRootRegistry = MockRootRegistry(),
        space: @escaping @Sendable (URL) -> Int64? = { _ in nil }
    ) {
        self.world = world
        folders = FolderSides(
            scanner: MockTreeScanner(world: world, roots: roots),
            mutator: MockTreeMutator(world: world, roots: roots, space: space),
            copier: MockFileCopier(world: world, roots: roots), documents: MockDocumentStore(world: world),
            capabilities: .localFolder, copyDomain: ObjectIdentifier(world))
    }

    /// A side bound to `root` in the world; nothing is read until it is used.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` is not a file URL.
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        try folders.openSide(at: root)
    }
}

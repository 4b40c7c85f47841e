import Foundation
import InMemorySupport
import Synchronization

/// The root folders a Mock scanner, mutator and copier work in, each kept from its first use: the
/// in-memory counterpart of the Live `RootDescriptors`. Share one between the three Mocks made for
/// one `SyncManager`, as the Live ones share a `RootDescriptors`.
///
/// The first call about a root finds its folder by path (following links above it, refusing a
/// link as the root) and keeps that folder's identity; every later call about the same path works
/// in that same folder, wherever it has been moved, so swapping the folder at the path for a link
/// or another folder sends nothing elsewhere. A kept folder that has been removed is dropped and
/// the path looked up again.
///
/// ```swift
/// let roots = MockRootRegistry()
/// let scanner = MockTreeScanner(world: world, roots: roots)
/// let mutator = MockTreeMutator(world: world, roots: roots)
/// ```
public final class MockRootRegistry: Sendable {
    private let kept = Mutex<[PathKey: UInt64]>([:])

    /// Creates an empty registry; roots are kept as calls first name them.
    public init() {}

    /// How many roots the registry keeps.
    public var count: Int { kept.withLock { $0.count } }

    /// The folder kept for the root at `given`, if it still exists.
    func keptFolder(for given: PathKey, in tree: InMemoryTree) -> PathKey? {
        kept.withLock { kept in
            guard let identity = kept[given] else { return nil }
            guard let folder = tree.folder(withIdentity: identity) else {
                kept[given] = nil  // removed: look the path up again
                return nil
            }
            return folder
        }
    }

    /// Keeps `identity` as the folder of the root at `given`, unless one is kept already.
    func keep(_ identity: UInt64, for given: PathKey) {
        kept.withLock { kept in
            if kept[given] == nil { kept[given] = identity }
        }
    }
}

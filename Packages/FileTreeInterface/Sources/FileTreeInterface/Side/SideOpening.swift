public import Foundation

/// Opens sides: the one value a sync engine needs to reach any root.
///
/// An implementation keeps what it opens (for local folders: one descriptor per root, a root that
/// is a symbolic link refused), so a root swapped meanwhile never receives a side's writes.
public protocol SideOpening: Sendable {
    /// The side whose root is `root`.
    ///
    /// Opening binds the side to its root; a root that does not exist yet (a first sync's pair
    /// folder) can be opened, and each call on the side reports
    /// ``TreeError/rootUnavailable(_:reason:)`` until it exists.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` can never be a side of this
    ///   kind (for a folder opener: not a file URL).
    func openSide(at root: URL) throws -> any SyncSideProviding
}

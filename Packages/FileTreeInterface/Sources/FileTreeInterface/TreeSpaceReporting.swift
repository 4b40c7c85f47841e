public import Foundation

/// The root-taking counterpart of ``SideSpaceReporting``: how much room is left on the storage
/// that holds `root`. A ``FolderSide`` answers through its mutator when the mutator conforms.
public protocol TreeSpaceReporting: Sendable {
    /// The bytes an unprivileged writer can still add on the storage holding `root`, or nil when
    /// it cannot be told.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` cannot be opened, or
    ///   ``TreeError/io(path:code:message:)`` when the storage cannot be asked.
    func availableSpace(in root: URL) throws -> Int64?
}

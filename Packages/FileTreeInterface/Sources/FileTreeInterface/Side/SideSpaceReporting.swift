/// Tells how much room is left on the storage that holds a side, so a caller can keep what it
/// adds there (a trash) to a share of it.
///
/// A side that cannot tell (a server that gives no quota) does not conform, or returns nil.
///
/// ```swift
/// if let free = try (side as? any SideSpaceReporting)?.availableSpace() { print(free) }
/// ```
public protocol SideSpaceReporting: Sendable {
    /// The bytes an unprivileged writer can still add on the side's storage, or nil when the side
    /// cannot tell.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when the root cannot be reached, or
    ///   ``TreeError/io(path:code:message:)`` when the storage cannot be asked.
    func availableSpace() throws -> Int64?
}

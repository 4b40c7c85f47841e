/// One side of a sync (the local folder, or the pair's folder in a container), bound to its root
/// when it was opened: everything the engine does on that side goes through this one value.
///
/// ```swift
/// let side = try sides.openSide(at: localFolder)
/// let scan = try side.scan { path, _ in path.name.hasPrefix(".synccli") }
/// ```
public protocol SyncSideProviding: SideListing, SideChanging, SideContents, SideDocuments {
    /// What this side can do.
    var capabilities: SideCapabilities { get }
    /// Where the side is, for messages (a path, or a server address).
    var location: String { get }
}

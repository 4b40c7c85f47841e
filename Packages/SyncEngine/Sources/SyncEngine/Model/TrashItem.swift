public import FileTreeInterface

/// A version kept in a side's trash.
public struct TrashItem: Sendable, Codable, Equatable {
    /// The side whose trash holds it.
    public var side: SyncSide
    /// The run that trashed it (the folder name inside `.synccli-trash`).
    public var run: String
    /// The path it had.
    public var originalPath: RelativePath
    /// Where it is now, relative to the side's root.
    public var trashPath: RelativePath
    public var size: Int64
    public var modificationNanoseconds: Int64
}

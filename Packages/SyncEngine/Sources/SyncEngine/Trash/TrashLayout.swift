import FileTreeInterface

/// Where trashed versions live on each side.
enum TrashLayout {
    /// The trash folder's name at each side's root.
    static let folderName = ReservedNames.trashFolder
    /// The trash folder's path on each side.
    static let path: RelativePath = (try? RelativePath(components: [folderName])) ?? .root
}

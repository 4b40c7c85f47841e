import FileTreeInterface

extension SideSnapshot {
    /// Whether `entry` differs from this snapshot by its identity alone (same size and same
    /// modification time, another device or inode): a remount, or a tree re-created with
    /// `cp -a`. That is not a modification; the record is refreshed (DESIGN §6a).
    func differsOnlyByIdentity(_ entry: TreeEntry) -> Bool {
        entry.size == size && entry.modificationNanoseconds == modificationNanoseconds && entry.identity != identity
    }
}

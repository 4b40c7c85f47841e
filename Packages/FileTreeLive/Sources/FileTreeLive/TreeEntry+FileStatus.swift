import FileTreeInterface
import POSIXSupport

extension EntryKind {
    /// The entry kind of a status; nil for devices, sockets and pipes, which sync never touches.
    init?(_ kind: FileStatus.Kind) {
        switch kind {
        case .regular: self = .file
        case .directory: self = .directory
        case .symbolicLink: self = .symbolicLink
        case .other: return nil
        }
    }
}

extension TreeEntry {
    /// The entry for `path` from its `lstat`-style status; nil for a kind sync never touches.
    /// Folders get size 0; a link's size is its target's length, as `lstat` reports it; the
    /// permissions are at most `0o777` (set-user-ID, set-group-ID and sticky bits never travel, so
    /// they are not reported); the time is saturated past 2262 and before 1677.
    init?(path: RelativePath, status: FileStatus, linkTarget: String? = nil) {
        guard let kind = EntryKind(status.kind) else { return nil }
        self.init(
            path: path, kind: kind, size: kind == .directory ? 0 : status.size,
            modificationNanoseconds: status.modificationNanoseconds,
            identity: FileIdentity(device: status.device, inode: status.inode),
            permissions: status.permissions & 0o777, linkTarget: kind == .symbolicLink ? linkTarget : nil)
    }
}

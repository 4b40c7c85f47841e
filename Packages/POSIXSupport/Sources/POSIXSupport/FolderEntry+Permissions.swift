#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FolderEntry {
    /// Sets the permission bits of the file or folder `name` in `directory`, never following a
    /// symbolic link and never setting more than `0o777`.
    ///
    /// The entry is examined with `fstatat(AT_SYMLINK_NOFOLLOW)` and opened with
    /// `O_NOFOLLOW|O_NONBLOCK|O_NOCTTY` (`O_DIRECTORY` for a folder); the bits are set with
    /// `fchmod` on that descriptor once `fstat` shows it is the same entry, so a name swapped for
    /// a link meanwhile is refused, never followed. An entry its owner cannot open (a `0o000`
    /// file) falls back to `fchmodat(AT_SYMLINK_NOFOLLOW)`, which refuses a link itself.
    ///
    /// ```swift
    /// try FolderEntry.setPermissions(0o700, named: "private", in: parent, syncing: true)
    /// ```
    /// - Parameters:
    ///   - permissions: the wanted bits; anything above `0o777` (set-user-ID, set-group-ID,
    ///     sticky) is dropped.
    ///   - name: one component.
    ///   - directory: the open parent folder.
    ///   - syncing: make the change durable before returning (`fsync` of the entry).
    /// - Throws: ``SystemCallError``: `ELOOP` (a symbolic link), `EINVAL` (a device, socket or
    ///   pipe), `ENOENT`, `EAGAIN` (the entry changed while it was examined), or what `fchmod`,
    ///   `fchmodat` or `fsync` report.
    public static func setPermissions(
        _ permissions: UInt32, named name: String, in directory: borrowing FileDescriptor, syncing: Bool
    ) throws(SystemCallError) {
        let bits = permissions & 0o777
        let status = try FileStatus.of(name, in: directory)
        let folderFlag: Int32
        switch status.kind {
        case .symbolicLink: throw SystemCallError(code: ELOOP, operation: "fchmod", path: name)
        case .other: throw SystemCallError(code: EINVAL, operation: "fchmod", path: name)
        case .directory: folderFlag = O_DIRECTORY
        case .regular: folderFlag = 0
        }
        let entry: FileDescriptor
        do {
            entry = try FileDescriptor(
                opening: name, in: directory, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | folderFlag)
        } catch  where error.code == EACCES {
            guard fchmodat(directory.rawValue, name, mode_t(bits), AT_SYMLINK_NOFOLLOW) == 0 else {
                throw .current("fchmodat", name)
            }
            if syncing { try directory.syncFileSystem() }
            return
        }
        let opened = try FileStatus.of(descriptor: entry)
        guard opened.device == status.device, opened.inode == status.inode, opened.kind == status.kind else {
            throw SystemCallError(code: EAGAIN, operation: "fchmod", path: name)
        }
        try entry.setPermissions(bits)
        if syncing { try entry.sync() }
    }
}

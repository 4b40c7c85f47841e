import CPOSIXShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates, removes and renames one entry of an open folder by name (`mkdirat`, `unlinkat`,
/// `renameat2`), so that a path is never resolved again from the top and no symbolic link on the
/// way is followed. None of them syncs the folder: call ``FileDescriptor/sync()`` on it after.
public enum FolderEntry {
    /// Creates the folder `name` in `directory` (`mkdirat`; the umask applies to `permissions`).
    /// - Parameters:
    ///   - name: one component.
    ///   - directory: the open parent folder.
    ///   - permissions: the requested bits, less the umask.
    /// - Throws: ``SystemCallError`` from `mkdirat` (`EEXIST` when anything is at `name`,
    ///   a symbolic link included).
    public static func makeFolder(
        named name: String, in directory: borrowing FileDescriptor, permissions: UInt32 = 0o777
    ) throws(SystemCallError) {
        guard mkdirat(directory.rawValue, name, mode_t(permissions)) == 0 else { throw .current("mkdirat", name) }
    }

    /// Removes the file, symbolic link (not its target) or empty folder `name` in `directory`.
    ///
    /// Tries `unlinkat` first and, when the entry is a folder, `unlinkat(AT_REMOVEDIR)`; no
    /// separate `stat` decides, so an entry swapped between the calls cannot fool it.
    /// - Throws: ``SystemCallError``: `ENOENT`, `ENOTEMPTY` (or `EEXIST`) for a full folder, ...
    public static func remove(named name: String, in directory: borrowing FileDescriptor) throws(SystemCallError) {
        if unlinkat(directory.rawValue, name, 0) == 0 { return }
        let first = SystemCallError.current("unlinkat", name)
        // Linux says EISDIR for a folder, other systems EPERM.
        guard first.code == EISDIR || first.code == EPERM else { throw first }
        if unlinkat(directory.rawValue, name, AT_REMOVEDIR) == 0 { return }
        let second = SystemCallError.current("unlinkat", name)
        throw second.code == ENOTDIR ? first : second
    }

    /// Removes the empty folder `name` in `directory` and nothing else (`unlinkat(AT_REMOVEDIR)`).
    /// - Throws: ``SystemCallError``: `ENOTDIR` for anything but a folder, `ENOTEMPTY` (or
    ///   `EEXIST`) for a folder with contents, `ENOENT`.
    public static func removeFolder(named name: String, in directory: borrowing FileDescriptor) throws(SystemCallError)
    {
        guard unlinkat(directory.rawValue, name, AT_REMOVEDIR) == 0 else { throw .current("unlinkat", name) }
    }

    /// Renames `name` in `directory` to `newName` in `newDirectory`, failing with `EEXIST`
    /// when anything is at the new name (`renameat2(RENAME_NOREPLACE)`).
    ///
    /// Where the file system cannot do `RENAME_NOREPLACE` (`ENOSYS`, `EINVAL`, `EOPNOTSUPP`),
    /// it checks the new name with `fstatat` and then uses `renameat`: a tiny window remains in
    /// which an entry created by someone else would be replaced.
    /// - Throws: ``SystemCallError`` from `renameat2`/`renameat`: `EEXIST`, `ENOENT` (the source
    ///   is missing), `EINVAL` (a folder into itself), `EXDEV` ...
    public static func renameWithoutReplacing(
        _ name: String, in directory: borrowing FileDescriptor,
        to newName: String, in newDirectory: borrowing FileDescriptor
    ) throws(SystemCallError) {
        if cposix_rename_noreplace(directory.rawValue, name, newDirectory.rawValue, newName) == 0 { return }
        let failure = SystemCallError.current("renameat2", name)
        guard [ENOSYS, EINVAL, EOPNOTSUPP].contains(failure.code) else { throw failure }
        var status = stat()
        if fstatat(newDirectory.rawValue, newName, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            throw SystemCallError(code: EEXIST, operation: "renameat", path: newName)
        }
        guard renameat(directory.rawValue, name, newDirectory.rawValue, newName) == 0 else {
            throw .current("renameat", name)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptor {
    /// Opens the folder `name` inside `directory` without following a symbolic link, for walking
    /// a tree one component at a time so that no link on the way can lead out of it.
    ///
    /// ```swift
    /// let root = try FileDescriptor.directory("/sync/root")
    /// let photos = try FileDescriptor.folder(named: "photos", in: root)
    /// ```
    /// - Parameters:
    ///   - name: one component (no `/`) inside `directory`.
    ///   - directory: an open folder.
    /// - Returns: the open folder (`O_RDONLY|O_DIRECTORY|O_NOFOLLOW`).
    /// - Throws: ``SystemCallError`` from `openat`: `ENOENT` (missing), `ENOTDIR` (a file),
    ///   `ELOOP` or `ENOTDIR` (a symbolic link, never followed), `EACCES` ...
    public static func folder(
        named name: String, in directory: borrowing FileDescriptor
    ) throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(opening: name, in: directory, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    }

    /// Sets an open file's permission bits (`fchmod`), not subject to the umask.
    /// - Parameter permissions: the bits (`0o7777` at most).
    /// - Throws: ``SystemCallError`` from `fchmod`.
    public func setPermissions(_ permissions: UInt32) throws(SystemCallError) {
        guard fchmod(rawValue, mode_t(permissions)) == 0 else { throw .current("fchmod", path) }
    }
}

extension FileDescriptor {
    /// Whether the open file or folder has been removed from the file system (no name links to
    /// it any more: `fstat`'s `st_nlink` is 0). A removed folder can still be opened through a
    /// descriptor (`openat(fd, ".")`) and lists as empty, so a caller that keeps folders open
    /// asks this before trusting one.
    /// - Throws: ``SystemCallError`` from `fstat`.
    public func isRemoved() throws(SystemCallError) -> Bool {
        var st = stat()
        guard fstat(rawValue, &st) == 0 else { throw .current("fstat", path) }
        return st.st_nlink == 0
    }
}

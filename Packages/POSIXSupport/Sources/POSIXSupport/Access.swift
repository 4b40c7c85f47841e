#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process may list, create and remove entries in the folder at `path`
/// (`access(R_OK|W_OK|X_OK)`, which follows symbolic links).
/// - Parameter path: a folder's path.
public func isUsableFolder(_ path: String) -> Bool {
    guard let status = try? FileStatus.of(path, followingLinks: true), status.kind == .directory else { return false }
    return access(path, R_OK | W_OK | X_OK) == 0
}

/// Creates a folder with exactly `permissions` (not subject to the umask) unless it exists.
/// - Parameters:
///   - path: the folder's path; its parent must exist.
///   - permissions: the folder's permission bits.
/// - Returns: true when the folder was created, false when it already existed.
/// - Throws: ``SystemCallError`` from `mkdir` or `chmod`.
@discardableResult
public func makeFolder(_ path: String, permissions: UInt32) throws(SystemCallError) -> Bool {
    guard mkdir(path, mode_t(permissions)) == 0 else {
        if errno == EEXIST { return false }
        throw .current("mkdir", path)
    }
    guard chmod(path, mode_t(permissions)) == 0 else { throw .current("chmod", path) }
    if let parent = try? FileDescriptor.directory(AtomicFileWriter.split(path).folder) { try? parent.sync() }
    return true
}

/// Creates a folder and its missing ancestors (ancestors get `0o755` less the umask, the folder
/// itself exactly `permissions`).
/// - Throws: ``SystemCallError`` from `mkdir` or `chmod`.
public func makeFolderWithAncestors(_ path: String, permissions: UInt32) throws(SystemCallError) {
    let parent = AtomicFileWriter.split(path).folder
    if parent != path, (try? FileStatus.of(parent, followingLinks: true)) == nil {
        try makeFolderWithAncestors(parent, permissions: 0o777 & ~AtomicFileWriter.currentUmask())
    }
    try makeFolder(path, permissions: permissions)
}

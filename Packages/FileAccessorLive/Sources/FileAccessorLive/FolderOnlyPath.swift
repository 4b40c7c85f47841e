import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path that can only name a folder: one ending in `/`, `/.` or `/..`.
///
/// `open(O_CREAT)` refuses such a path with `EISDIR` once its folders are found, whatever is at
/// the last component, so no file can be written there. `AtomicFileWriter` splits a path as
/// text and would drop the trailing slash (writing `t` for `t/`, which then neither reads nor
/// exists with the slash); ``DefaultFileAccessor`` asks this type first, so what it writes reads
/// back at the same URL.
enum FolderOnlyPath {
    /// Whether `path` can only name a folder.
    static func matches(_ path: String) -> Bool {
        guard path.utf8.count > 1 else { return false }
        return path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
    }

    /// The error `open(path, O_CREAT)` reports for such a path: the lookup of its folder's error
    /// (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`, `ELOOP` ...) when that fails, else `EISDIR`.
    static func creationError(_ path: String) -> Int32 {
        var folder = Substring(path)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        if let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
        } else {
            folder = "."
        }
        let lookup = folder.isEmpty ? "/" : String(folder)
        do {
            let status = try FileStatus.of(lookup, followingLinks: true)
            return status.kind == .directory ? EISDIR : ENOTDIR
        } catch {
            return error.code
        }
    }
}

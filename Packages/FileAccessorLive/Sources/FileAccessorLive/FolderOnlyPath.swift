import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An absolute path that can only name a folder: one ending in `/`, `/.` or `/..`.
///
/// `open(O_CREAT)` refuses such a path with `EISDIR` once its folders are found, whatever is at
/// the last component, so no file can be written there. `AtomicFileWriter` splits a path as
/// text and would drop the trailing slash (writing `t` for `t/`, which then neither reads nor
/// exists with the slash); ``DefaultFileAccessor`` asks this type first, so what it writes reads
/// back at the same URL. Paths come from file URLs, so they are absolute.
enum FolderOnlyPath {
    /// Whether the absolute `path` can only name a folder (`/` included).
    static func matches(_ path: String) -> Bool {
        path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..")
    }

    /// The error `open(path, O_CREAT)` reports for such a path: the lookup of its folder's error
    /// (`ENOENT`, `ENOTDIR`, `ENAMETOOLONG`, `ELOOP` ...) when that fails, else `EISDIR`.
    static func creationError(_ path: String) -> Int32 {
        var folder = Substring(path)
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        folder = folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]
        do {
            let status = try FileStatus.of(folder.isEmpty ? "/" : String(folder), followingLinks: true)
            return status.kind == .directory ? EISDIR : ENOTDIR
        } catch {
            return error.code
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists a folder's entry names with `opendir`/`readdir`, without `.` and `..`.
public enum DirectoryListing {
    /// The names in `path`, in the order the file system returns them.
    /// - Throws: ``SystemCallError`` from `opendir` or `readdir`.
    public static func names(in path: String) throws(SystemCallError) -> [String] {
        guard let stream = opendir(path) else { throw .current("opendir", path) }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .current("readdir", path) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}

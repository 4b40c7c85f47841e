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
            withName(of: entry) { name in
                if !isDots(name) { names.append(String(decoding: name, as: UTF8.self)) }
            }
        }
    }
}

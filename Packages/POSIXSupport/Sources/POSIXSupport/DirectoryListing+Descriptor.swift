#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DirectoryListing {
    /// The entry names of an open folder as raw bytes (a name need not be valid UTF-8), without
    /// `.` and `..`, in the order the file system returns them.
    ///
    /// Reads a duplicate of the descriptor (`dup`, `fdopendir`, `rewinddir`), so `directory`
    /// stays open and usable for `openat`/`fstatat` afterwards, and can be listed again.
    /// - Parameter directory: an open folder.
    /// - Throws: ``SystemCallError`` from `dup`, `fdopendir` or `readdir`.
    public static func rawNames(in directory: borrowing FileDescriptor) throws(SystemCallError) -> RawNames {
        let copy = dup(directory.rawValue)
        guard copy >= 0 else { throw .current("dup", directory.path) }
        guard let stream = fdopendir(copy) else {
            let failure = SystemCallError.current("fdopendir", directory.path)
            _ = systemClose(copy)
            throw failure
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names = RawNames()
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .current("readdir", directory.path) }
                return names
            }
            withName(of: entry) { name in
                if !isDots(name) { names.append(name) }
            }
        }
    }
}

import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real system calls, on one inotify descriptor.
struct LiveInotifySystem: InotifySystem, Sendable {
    let descriptor: Int32

    func addWatch(_ path: [UInt8]) -> Result<Int32, InotifyFailure> {
        let watch = withCString(path) { inotify_add_watch(descriptor, $0, InotifyMask.watched) }
        return watch >= 0 ? .success(watch) : .failure(Self.failure("inotify_add_watch", path))
    }

    func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    func listFolder(_ path: [UInt8]) -> Result<[(name: [UInt8], isFolder: Bool)], InotifyFailure> {
        let folder = withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard folder >= 0 else { return .failure(Self.failure("open", path)) }
        guard let stream = fdopendir(folder) else {
            let failure = Self.failure("fdopendir", path)
            close(folder)
            return .failure(failure)
        }
        defer { closedir(stream) }
        var entries: [(name: [UInt8], isFolder: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let isFolder = Self.isFolder(type: entry.pointee.d_type) {
                var status = stat()
                return withCString(name) { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
                    ? status.st_mode : nil
            }
            entries.append((name, isFolder))
        }
        return .success(entries)
    }

    /// Whether a listed entry is a folder: by its `d_type`, or where the file system leaves that
    /// unknown, by the mode `lstat` gives (`nil`: the entry is gone, not a folder).
    static func isFolder(type: UInt8, mode: () -> mode_t?) -> Bool {
        guard type == UInt8(DT_UNKNOWN) else { return type == UInt8(DT_DIR) }
        guard let mode = mode() else { return false }
        return mode & S_IFMT == S_IFDIR
    }

    private static func failure(_ call: String, _ path: [UInt8]) -> InotifyFailure {
        let code = errno
        return InotifyFailure(code: code, message: "\(call): \(SystemCallError.message(for: code)) (errno \(code))")
    }

    /// Runs `body` with `bytes` as a NUL-terminated C string.
    private func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                guard let base = characters.baseAddress else { return "".withCString(body) }
                return body(base)
            }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DirectoryListing {
    /// Calls `body` with the bytes of the name of the entry `readdir` returned, up to its NUL,
    /// read in place.
    ///
    /// Only the name's own bytes are read: `entry.pointee` would load the whole `dirent` (256
    /// bytes of `d_name`), past the end of a short entry's record in the listing's buffer, and
    /// past the buffer itself for its last entry.
    /// - Parameter entry: an entry `readdir` returned, valid until the next `readdir` call.
    static func withName<Result>(
        of entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
            let start = UnsafeRawPointer(field)
            return body(UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
        }
    }

    /// Whether `name` is `.` or `..`.
    static func isDots(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count <= 2 && name.allSatisfy { $0 == 0x2E }
    }
}

import CPOSIXShims
public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents so that a crash at any moment leaves either the old or the new
/// contents, never a mix, and a completed call survives power loss.
///
/// The steps (see LINUX-NOTES "Atomic replace that survives a crash"):
/// 1. create `.synccli-tmp-<random>` in the destination folder with `O_CREAT|O_EXCL|O_NOFOLLOW`,
///    mode 0600, so no one else can read it while it fills;
/// 2. write everything, `fchmod` to the final mode, set the modification time if asked;
/// 3. `fsync` the file (a failure fails the write: after a failed write-back the data may be gone);
/// 4. `close` (checked), `renameat` onto the final name;
/// 5. `fsync` the folder, so the rename itself is durable.
/// On any error the temporary file is removed and the destination is untouched.
public enum AtomicFileWriter {
    /// The prefix of every temporary file this writer creates. Sync never copies such files and
    /// ``removeStaleTemporaries(in:)`` deletes leftovers of a killed process.
    public static let temporaryPrefix = ".synccli-tmp-"

    /// What the destination's permission bits become.
    public enum Mode: Sendable, Equatable {
        /// Keep an existing file's permissions; a new file gets `0o666 & ~umask`.
        case preserveOrDefault
        /// Exactly these permission bits, from the moment the file exists.
        case exactly(UInt32)
    }

    /// Atomically replaces (or creates) the file at `path` with `data`.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - path: the destination; its folder must exist.
    ///   - mode: the final permission bits.
    ///   - modificationNanoseconds: the modification time to give the file, or nil for "now".
    ///   - replacing: when false, fails with `EEXIST` if the destination exists.
    /// - Throws: ``SystemCallError``: `ENOENT` / `ENOTDIR` when the folder is missing or not a
    ///   folder, `EISDIR` when `path` is a folder, `EACCES`, `ENOSPC`, `EROFS`, `EIO` ...
    public static func write(
        _ data: Data, to path: String, mode: Mode = .preserveOrDefault,
        modificationNanoseconds: Int64? = nil, replacing: Bool = true
    ) throws(SystemCallError) {
        let (folderPath, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw SystemCallError(code: EISDIR, operation: "open", path: path)
        }
        let folder = try FileDescriptor.directory(folderPath)
        let existing = try? FileStatus.of(name, in: folder)
        if existing?.kind == .directory {
            throw SystemCallError(code: EISDIR, operation: "open", path: path)
        }
        let finalMode: UInt32 =
            switch mode {
            case .exactly(let bits): bits
            case .preserveOrDefault:
                existing.flatMap { $0.kind == .regular ? $0.permissions : nil } ?? (0o666 & ~currentUmask())
            }
        let fill = { (temporary: borrowing FileDescriptor) throws(SystemCallError) in
            try FileContents.write(data, to: temporary)
            guard fchmod(temporary.rawValue, mode_t(finalMode)) == 0 else { throw .current("fchmod", path) }
            if let modificationNanoseconds {
                try setModificationTime(of: temporary, to: modificationNanoseconds)
            }
            try temporary.sync()
        }
        // First the destination's own temporary name, held under a lock until the rename: a
        // leftover of a killed write (no holder) is taken over and so never lingers; one a live
        // writer holds is left alone, and this write takes a random name instead.
        let ownName = temporaryName(for: name)
        if let own = claimOwnTemporary(ownName, in: folder) {
            do {
                try fill(own)
                try commit(ownName, in: folder, as: name, path: path, replacing: replacing)
            } catch {
                _ = unlinkat(folder.rawValue, ownName, 0)  // still ours: we hold its lock
                throw error
            }
            _ = consume own
        } else {
            let temporaryName = try createTemporary(in: folder, path: folderPath, fill: fill)
            do {
                try commit(temporaryName, in: folder, as: name, path: path, replacing: replacing)
            } catch {
                _ = unlinkat(folder.rawValue, temporaryName, 0)
                throw error
            }
        }
        try folder.sync()
    }

    /// Creates a fresh temporary file in `folder`, fills it with `fill`, and closes it.
    /// - Parameters:
    ///   - folder: where the file is made.
    ///   - folderPath: the folder's path, for error messages.
    ///   - naming: gives a candidate name (asked again when one is taken); by default
    ///     ``temporaryPrefix`` and 16 random hexadecimal digits.
    ///   - fill: writes the contents.
    /// - Returns: the temporary file's name in `folder`.
    /// - Throws: any error of `fill`, or of creating or closing the file; the file is removed.
    public static func createTemporary(
        in folder: borrowing FileDescriptor, path folderPath: String,
        naming: () -> String = { temporaryPrefix + randomSuffix() },
        fill: (borrowing FileDescriptor) throws(SystemCallError) -> Void
    ) throws(SystemCallError) -> String {
        var attempts = 0
        while true {
            let name = naming()
            var file: FileDescriptor
            do {
                file = try FileDescriptor(
                    opening: name, in: folder, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
            } catch  where error.code == EEXIST && attempts < 8 {
                attempts += 1
                continue
            } catch {
                throw SystemCallError(code: error.code, operation: "open", path: folderPath + "/" + name)
            }
            do {
                try fill(file)
                try file.close()
            } catch {
                _ = unlinkat(folder.rawValue, name, 0)
                throw error
            }
            return name
        }
    }

    /// Renames a filled temporary file onto its final name.
    /// - Throws: ``SystemCallError`` from `renameat` (`EEXIST` when `replacing` is false and the
    ///   name is taken).
    public static func commit(
        _ temporaryName: String, in folder: borrowing FileDescriptor, as name: String, path: String,
        replacing: Bool
    ) throws(SystemCallError) {
        if replacing {
            guard renameat(folder.rawValue, temporaryName, folder.rawValue, name) == 0 else {
                throw .current("rename", path)
            }
        } else {
            guard cposix_rename_noreplace(folder.rawValue, temporaryName, folder.rawValue, name) == 0 else {
                throw .current("rename", path)
            }
        }
    }

    /// Sets an open file's modification time to the nanosecond, leaving its access time alone.
    /// - Throws: ``SystemCallError`` from `futimens`.
    public static func setModificationTime(
        of file: borrowing FileDescriptor, to nanoseconds: Int64
    ) throws(SystemCallError) {
        var times = [
            timespec(tv_sec: 0, tv_nsec: cposix_utime_omit()),
            timespec(
                tv_sec: time_t(nanoseconds.floorDivided(by: 1_000_000_000)),
                tv_nsec: Int(nanoseconds.floorRemainder(by: 1_000_000_000))),
        ]
        guard futimens(file.rawValue, &times) == 0 else { throw .current("futimens", file.path) }
    }

    /// Removes temporary files a killed writer left in `folder`.
    /// - Parameter folderPath: the folder to clean.
    /// - Returns: the names removed.
    @discardableResult
    public static func removeStaleTemporaries(in folderPath: String) -> [String] {
        guard let names = try? DirectoryListing.names(in: folderPath) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(temporaryPrefix) {
            if unlink(folderPath + "/" + name) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The folder and the last component of a path (`"/a/b"` → `("/a", "b")`).
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// Opens the temporary file `name` in `folder` for a write, emptied, holding an exclusive
    /// `flock` on it until the descriptor is closed: created when missing, or taken over when it
    /// is a leftover whose writer died (a dead process holds no lock).
    /// - Returns: nil when a live writer holds it, or something other than a regular file is
    ///   there (a link is never followed): the caller then uses a fresh random name.
    static func claimOwnTemporary(_ name: String, in folder: borrowing FileDescriptor) -> FileDescriptor? {
        for _ in 0..<4 {
            guard
                let file = try? FileDescriptor(
                    opening: name, in: folder, flags: O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK, mode: 0o600)
            else { return nil }
            guard flock(file.rawValue, LOCK_EX | LOCK_NB) == 0 else { return nil }
            // Still this file at the name? A writer that held the lock may have renamed it onto
            // its destination meanwhile: then it is that destination now, and must not be touched.
            guard let held = try? FileStatus.of(descriptor: file), held.kind == .regular else { return nil }
            guard let named = try? FileStatus.of(name, in: folder), named.device == held.device,
                named.inode == held.inode
            else { continue }
            // A leftover taken over is emptied; if that fails it goes (we hold it), and the write
            // takes a random name rather than leave it behind.
            guard held.size == 0 || ftruncate(file.rawValue, 0) == 0 else {
                _ = unlinkat(folder.rawValue, name, 0)
                return nil
            }
            return file
        }
        return nil
    }

    /// The temporary name ``write(_:to:mode:modificationNanoseconds:replacing:)`` first tries for
    /// the file `name`: the prefix and 16 hexadecimal digits of the name's FNV-1a hash, so the
    /// same file always gets the same one.
    public static func temporaryName(for name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return temporaryPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    @usableFromInline
    static func randomSuffix() -> String {
        let value = UInt64.random(in: 0...UInt64.max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func currentUmask() -> UInt32 {
        let mask = cposix_current_umask()
        return mask >= 0 ? UInt32(mask) : 0o022
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }

    fileprivate func floorRemainder(by divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

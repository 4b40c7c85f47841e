public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension POSIXFileCopier: FileStreaming {
    /// How many bytes each chunk of ``read(_:in:expected:into:)`` holds.
    static let streamChunk = 1 << 20

    /// Streams a file to `sink`: opens it `O_RDONLY|O_NOFOLLOW|O_NONBLOCK` from the root's
    /// descriptor (a link, a folder or a special file is ``TreeError/sourceChanged(_:)``), checks
    /// its `fstat` against `expected`, reads it in chunks of ``streamChunk`` bytes, and checks it
    /// again after, and the entry at its name too: a size, time or identity that moved, or a file
    /// replaced at the name, is ``TreeError/sourceChanged(_:)``.
    public func read(_ path: RelativePath, in root: URL, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        let tree = try roots.tree(root)
        guard !path.isRoot else { throw TreeError.rootOperand }
        try tree.withParent(of: path) { folder in
            let file = try Self.openSource(path, in: folder)
            guard Self.matches(try Self.status(of: file, path), expected) else { throw TreeError.sourceChanged(path) }
            var buffer = [UInt8](repeating: 0, count: Self.streamChunk)
            var total: Int64 = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { bytes in
                    retryingOnInterrupt { Glibc.read(file.rawValue, bytes.baseAddress, bytes.count) }
                }
                guard count >= 0 else { throw TreeError.io(path, errno) }
                if count == 0 { break }
                total += Int64(count)
                try sink(Data(buffer[0..<count]))
            }
            // Both the file read and the one at its name now: a file replaced meanwhile is a change too.
            guard total == expected.size, Self.matches(try Self.status(of: file, path), expected),
                let named = try? FileStatus.of(path.name, in: folder), Self.matches(named, expected)
            else { throw TreeError.sourceChanged(path) }
        }
    }

    /// Writes a `0600` temporary file (``StagedCopy/temporaryName(in:random:)``) beside
    /// `destination` from the chunks `producer` gives, then gives it `entry`'s permissions
    /// (masked to `0o777`) and modification time; the temporary file is removed when anything
    /// fails, `producer` included, or when the bytes given are not `entry.size` long
    /// (``TreeError/sourceChanged(_:)``). Durability comes with ``commit(_:in:)``, as for
    /// ``stageCopy(_:in:expected:to:in:)``.
    public func stageWrite(
        to destination: RelativePath, in root: URL, entry: TreeEntry,
        from producer: ((Data) throws -> Void) throws -> Void
    ) throws -> StagedCopy {
        let tree = try roots.tree(root)
        guard !destination.isRoot else { throw TreeError.rootOperand }
        return try tree.withParent(of: destination) { folder in
            // The bytes go to a temporary name first, which the kernel accepts: refuse a name no
            // folder can hold now, as every other call does, not at the commit after the whole write.
            guard destination.name.utf8.count <= Int(NAME_MAX) else { throw TreeError.io(destination, ENAMETOOLONG) }
            if (try? FileStatus.of(destination.name, in: folder)) != nil { throw TreeError.alreadyExists(destination) }
            let name = try Self.createTemporary(in: folder, root: root, naming: destination)
            var file: FileDescriptor
            do throws(SystemCallError) {
                file = try FileDescriptor(opening: name, in: folder, flags: O_WRONLY | O_NOFOLLOW)
            } catch {
                _ = unlinkat(folder.rawValue, name, 0)
                throw TreeError.io(destination, error.code)
            }
            do {
                var written: Int64 = 0
                try producer { chunk in
                    do throws(SystemCallError) {
                        try FileContents.write(chunk, to: file)
                    } catch {
                        throw TreeError.io(destination, error.code)
                    }
                    written += Int64(chunk.count)
                }
                guard written == entry.size else { throw TreeError.sourceChanged(destination) }
                let status: FileStatus
                do throws(SystemCallError) {
                    try file.setPermissions(entry.permissions & 0o777)
                    try AtomicFileWriter.setModificationTime(of: file, to: entry.modificationNanoseconds)
                    if !FileDescriptor.hasFileSystemSync { try file.sync() }
                    status = try FileStatus.of(descriptor: file)
                    try file.close()
                } catch {
                    throw TreeError.io(destination, error.code)
                }
                guard let staged = TreeEntry(path: destination, status: status) else {
                    throw TreeError.io(destination, EINVAL)
                }
                return StagedCopy(destination: destination, temporaryName: name, entry: staged)
            } catch {
                _ = unlinkat(folder.rawValue, name, 0)
                throw error
            }
        }
    }

    /// Creates an empty `0600` temporary file named for `root` in `folder`.
    /// - Returns: its name.
    private static func createTemporary(
        in folder: borrowing FileDescriptor, root: URL, naming destination: RelativePath
    ) throws -> String {
        for _ in 0..<8 {
            let name = StagedCopy.temporaryName(in: root, random: UInt32.random(in: 0...UInt32.max))
            do throws(SystemCallError) {
                var file = try FileDescriptor(
                    opening: name, in: folder, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
                try? file.close()
                return name
            } catch  where error.code == EEXIST {
                continue
            } catch {
                throw TreeError.io(destination, error.code)
            }
        }
        throw TreeError.io(destination, EEXIST)
    }

    /// Whether a file's status is still what `expected` says (kind, size, time, identity).
    private static func matches(_ status: FileStatus, _ expected: TreeEntry) -> Bool {
        status.kind == .regular && status.size == expected.size
            && status.modificationNanoseconds == expected.modificationNanoseconds
            && FileIdentity(device: status.device, inode: status.inode) == expected.identity
    }
}

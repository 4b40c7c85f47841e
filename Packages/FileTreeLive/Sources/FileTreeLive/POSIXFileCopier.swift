public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production ``FileCopying``: crash-safe copies committed in batches, only if each source
/// stayed as the caller saw it, and a streaming digest.
///
/// ``stageCopy(_:in:expected:to:in:)``:
/// 1. opens the source `O_RDONLY|O_NOFOLLOW` (a link or a folder is never copied as a file) and
///    checks its `fstat` against `expected` (size, nanosecond time, identity);
/// 2. creates a `0600` temporary file (``AtomicFileWriter/temporaryPrefix``) in the destination
///    folder, copies the data extents with `copy_file_range` (or `read`/`write` across file
///    systems) so holes stay holes, gives it the source's permissions without set-user-ID,
///    set-group-ID and sticky bits and its exact modification time (`futimens`, a date past 2262
///    included) and closes it;
/// 3. checks the source again: if its size or time changed while it was copied, the temporary
///    file is removed and the call throws ``TreeError/sourceChanged(_:)``.
///
/// ``commit(_:in:)`` then, for a whole batch:
/// 1. `syncfs` once per file system the batch's folders are on: every staged byte is durable;
/// 2. renames each temporary file onto its destination with `renameat2(RENAME_NOREPLACE)`, so an
///    existing destination is never replaced (``TreeError/alreadyExists(_:)``);
/// 3. `syncfs` again: every new name is durable.
/// A crash at any point leaves each destination either absent or complete (plus, at worst, a
/// temporary file). One flush per batch instead of two `fsync`s per file is what lets thousands
/// of small copies run at the disk's speed; it also flushes whatever else is waiting to be written
/// on that file system.
///
/// Both roots are opened once (``RootDescriptors``; a root that is a symbolic link is refused) and
/// both paths are walked from them one component at a time without following links.
///
/// ```swift
/// let copier = POSIXFileCopier()
/// let copied = try copier.copyFile(path, in: local, expected: scanned, to: path, in: container)
/// ```
public struct POSIXFileCopier: FileCopying {
    /// How many bytes ``digest(of:in:)`` reads at once.
    static let digestChunk = 1 << 20

    /// The root folders this copier works in, each opened once (see ``RootDescriptors``).
    public let roots: RootDescriptors

    /// Creates the copier.
    /// - Parameter roots: the root folders it shares with the scanner and mutator of the same
    ///   sync; by default a set of its own.
    public init(roots: RootDescriptors = RootDescriptors()) {
        self.roots = roots
    }

    /// Refuses a copy that the destination's file system cannot hold, before a byte is written,
    /// so a file far larger than the free space does not fill the disk and starve the copies
    /// beside it: only from ``FileTreeInterface/FolderSide/roomCheckMinimum`` of stored data (the
    /// blocks a file with holes holds, not its size), and only across file systems (on the same
    /// one a copy may share the source's blocks and need none).
    /// - Throws: ``FileTreeInterface/FolderSide/noRoom(for:free:at:)``'s error.
    static func requireRoom(
        for source: FileStatus, in folder: borrowing FileDescriptor, at destination: RelativePath
    ) throws(TreeError) {
        let needed = min(source.size, source.allocatedBytes)
        guard needed >= FolderSide.roomCheckMinimum, let here = try? FileStatus.of(descriptor: folder),
            here.device != source.device, let free = try? folder.availableBytes(), needed > free
        else { return }
        throw FolderSide.noRoom(for: source.size, free: free, at: destination)
    }

    public func stageCopy(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> StagedCopy {
        let sourceTree = try roots.tree(sourceRoot)
        guard !source.isRoot, !destination.isRoot else { throw TreeError.rootOperand }
        return try sourceTree.withParent(of: source) { sourceFolder in
            let file = try Self.openSource(source, in: sourceFolder)
            let before = try Self.status(of: file, source)
            guard before.kind == .regular, before.size == expected.size,
                before.modificationNanoseconds == expected.modificationNanoseconds,
                FileIdentity(device: before.device, inode: before.inode) == expected.identity
            else { throw TreeError.sourceChanged(source) }

            let destinationTree = try roots.tree(destinationRoot)
            return try destinationTree.withParent(of: destination) { folder in
                if (try? FileStatus.of(destination.name, in: folder)) != nil {
                    throw TreeError.alreadyExists(destination)
                }
                try Self.requireRoom(for: before, in: folder, at: destination)
                var copied: Int64 = 0
                var written: FileStatus?
                let temporary: String
                do throws(SystemCallError) {
                    temporary = try AtomicFileWriter.createTemporary(
                        in: folder, path: destination.parent.text,
                        naming: {
                            StagedCopy.temporaryName(in: destinationRoot, random: UInt32.random(in: 0...UInt32.max))
                        }
                    ) { target throws(SystemCallError) in
                        copied = try FileContents.copyKeepingHoles(from: file, to: target)
                        // Never set-user-ID, set-group-ID or sticky.
                        try target.setPermissions(before.permissions & 0o777)
                        // Exact, past 2262 too.
                        try AtomicFileWriter.setModificationTime(of: target, to: before.modificationTime)
                        // Where the file system has syncfs, the commit's flush covers this file.
                        if !FileDescriptor.hasFileSystemSync { try target.sync() }
                        written = try FileStatus.of(descriptor: target)
                    }
                } catch {
                    throw TreeError.io(destination, error.code)
                }
                let after = try? FileStatus.of(descriptor: file)
                guard copied == before.size, after?.size == before.size,
                    after?.modificationTime == before.modificationTime, let written
                else {
                    _ = unlinkat(folder.rawValue, temporary, 0)
                    throw TreeError.sourceChanged(source)
                }
                guard let entry = TreeEntry(path: destination, status: written) else {
                    _ = unlinkat(folder.rawValue, temporary, 0)
                    throw TreeError.io(destination, EINVAL)
                }
                return StagedCopy(destination: destination, temporaryName: temporary, entry: entry)
            }
        }
    }

    public func digest(of path: RelativePath, in root: URL) throws -> ContentDigest {
        let tree = try roots.tree(root)
        guard !path.isRoot else { throw TreeError.rootOperand }
        return try tree.withParent(of: path) { folder in
            let file: FileDescriptor
            do throws(SystemCallError) {
                file = try FileDescriptor(opening: path.name, in: folder, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            } catch  where error.code == ELOOP {
                throw TreeError.io(path, ELOOP)  // the last component is a link: never followed
            } catch {
                throw TreeError(error, path: path)
            }
            let status = try Self.status(of: file, path)
            guard status.kind == .regular else { throw TreeError.io(path, status.kind == .directory ? EISDIR : EINVAL) }
            var digester = ContentDigester()
            do throws(SystemCallError) {
                try FileContents.forEachChunk(of: file, chunkSize: Self.digestChunk) { digester.update($0) }
            } catch {
                throw TreeError.io(path, error.code)
            }
            return digester.finalize()
        }
    }

    // MARK: Helpers

    /// Opens the source file without following a link; anything but a file is `sourceChanged`.
    static func openSource(_ source: RelativePath, in folder: borrowing FileDescriptor) throws -> FileDescriptor {
        do {
            return try FileDescriptor(opening: source.name, in: folder, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        } catch {
            switch error.code {
            case ENOENT: throw TreeError.notFound(source)
            case ELOOP, ENXIO: throw TreeError.sourceChanged(source)  // a link, a socket
            default: throw TreeError(error, path: source)
            }
        }
    }

    static func status(of file: borrowing FileDescriptor, _ path: RelativePath) throws(TreeError) -> FileStatus {
        do {
            return try FileStatus.of(descriptor: file)
        } catch {
            throw TreeError.io(path, error.code)
        }
    }
}

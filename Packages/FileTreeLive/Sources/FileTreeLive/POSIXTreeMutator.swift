public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production ``TreeMutating``: `mkdirat`, `unlinkat` and `renameat2(RENAME_NOREPLACE)` in
/// folders reached from the root one component at a time with `openat(O_NOFOLLOW|O_DIRECTORY)`.
///
/// - A symbolic link (or a file) on the way is ``TreeError/notAFolder(_:)``; it is never
///   followed, so no call can change anything outside the root. A link as the last component is
///   an entry of its own: removing or moving it never touches its target.
/// - Each completed change is made durable by `fsync` of the folder(s) it changed, unless the
///   mutator was made with `syncingEachChange: false`: then ``flush(_:)`` makes all of them
///   durable at once (what sync does: hundreds of trash moves would otherwise cost two journal
///   commits each): by one `fsync` of each folder changed since the last flush when there are at
///   most 64 of them, else by one `syncfs` (which also waits for everything else written to that
///   file system meanwhile, a download of another program's included).
/// - A move never replaces anything, not even an empty folder, where `rename(2)` would.
/// - A new folder has no set-user-ID, set-group-ID or sticky bit (one inherited from a
///   set-group-ID parent is cleared); ``setPermissions(_:of:in:)`` sets at most `0o777`.
/// - The root itself is never an operand: ``TreeError/unsafePath(_:)``.
///
/// ```swift
/// let mutator = POSIXTreeMutator()
/// try mutator.makeDirectory(try RelativePath("photos"), in: root)
/// try mutator.moveItem(try RelativePath("a.jpg"), to: try RelativePath("photos/a.jpg"), in: root)
/// ```
public struct POSIXTreeMutator: TreeMutating, TreeSpaceReporting {
    /// Whether each change is synced as it completes (else only by ``flush(_:)``).
    public let syncsEachChange: Bool
    /// The root folders this mutator works in, each opened once (see ``RootDescriptors``).
    public let roots: RootDescriptors
    /// Makes one changed folder durable (`fsync`).
    private let syncFolder: @Sendable (borrowing FileDescriptor) throws(SystemCallError) -> Void
    /// Makes everything on a folder's file system durable (`syncfs`).
    private let syncFileSystem: @Sendable (borrowing FileDescriptor) throws(SystemCallError) -> Void
    /// What changed since the last flush, when durability is left to it.
    let pending = PendingFolders()

    /// Creates the mutator.
    /// - Parameters:
    ///   - syncingEachChange: `true` to `fsync` the changed folders after every change; `false` to
    ///     leave durability to ``flush(_:)`` (taken only where `syncfs` exists: elsewhere a flush
    ///     could not reach the folders a change touched, so each change is synced anyway).
    ///   - roots: the root folders it shares with the scanner and copier of the same sync (see
    ///     ``RootDescriptors``); by default a set of its own.
    public init(syncingEachChange: Bool = true, roots: RootDescriptors = RootDescriptors()) {
        self.init(
            syncingEachChange: syncingEachChange, roots: roots,
            syncFolder: { folder throws(SystemCallError) in try folder.sync() },
            syncFileSystem: { folder throws(SystemCallError) in try folder.syncFileSystem() })
    }

    /// Creates a mutator whose folder and file-system syncs go to `syncFolder` and
    /// `syncFileSystem` (a test records them) instead of `fsync` and `syncfs`.
    init(
        syncingEachChange: Bool, roots: RootDescriptors,
        syncFolder: @escaping @Sendable (borrowing FileDescriptor) throws(SystemCallError) -> Void,
        syncFileSystem: @escaping @Sendable (borrowing FileDescriptor) throws(SystemCallError) -> Void
    ) {
        syncsEachChange = syncingEachChange || !FileDescriptor.hasFileSystemSync
        self.roots = roots
        self.syncFolder = syncFolder
        self.syncFileSystem = syncFileSystem
    }

    /// Makes every change this mutator completed durable, under any root (a flush of a container
    /// covers what was changed in a pair's folder inside it): each changed folder synced, or the
    /// file system when more than 64 folders changed, one of them cannot be reached any more, or
    /// an entry's permissions changed.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` cannot be opened;
    ///   ``TreeError/io(path:code:message:)`` when a sync fails (the changes stay pending).
    public func flush(_ root: URL) throws {
        let tree = try roots.tree(root)
        let work = pending.take()
        for (index, (changedRoot, changes)) in work.enumerated() {
            do {
                try makeDurable(changes, in: changedRoot, or: tree)
            } catch {
                for (root, changes) in work[index...] { pending.record(changes, in: root) }  // for the next flush
                throw error
            }
        }
    }

    /// Syncs each folder of `changes`, else the file system of `root` (or of `fallback` when
    /// `root` cannot be opened any more).
    private func makeDurable(_ changes: PendingFolders.Changes, in root: URL, or fallback: borrowing TreeRoot) throws {
        guard let tree = try? roots.tree(root) else { return try syncAll(fallback) }
        guard case .folders(let folders) = changes else { return try syncAll(tree) }
        for folder in folders.sorted() {
            // Gone (moved or removed since): what changed in it is covered only by syncing all.
            guard try syncIfReachable(folder, in: tree) else { return try syncAll(tree) }
        }
    }

    /// Syncs `folder`; false when it cannot be reached any more (moved or removed).
    private func syncIfReachable(_ folder: RelativePath, in tree: borrowing TreeRoot) throws -> Bool {
        do {
            try tree.withFolder(folder, naming: folder) { descriptor in try sync(descriptor, folder) }
            return true
        } catch TreeError.notFound, TreeError.notAFolder {
            return false
        }
    }

    private func syncAll(_ tree: borrowing TreeRoot) throws {
        do {
            try syncFileSystem(tree.folder)
        } catch {
            throw TreeError.io(path: .root, code: error.code, message: "changes may not be durable: \(error.message)")
        }
    }

    /// `fstatvfs` of the root folder: what an unprivileged writer can still add there.
    public func availableSpace(in root: URL) throws -> Int64? {
        let tree = try roots.tree(root)
        do {
            return try tree.folder.availableBytes()
        } catch {
            throw TreeError.io(path: .root, code: error.code, message: "free space unknown: \(error.message)")
        }
    }

    public func makeDirectory(_ path: RelativePath, in root: URL) throws {
        try change(path, in: root, removing: false) { name, parent throws(SystemCallError) in
            try FolderEntry.makeFolder(named: name, in: parent)
            // A folder made in a set-group-ID folder inherits that bit: special bits never travel.
            let made = try FileStatus.of(name, in: parent)
            if made.permissions & 0o7000 != 0 {
                try FolderEntry.setPermissions(made.permissions, named: name, in: parent, syncing: false)
            }
        }
    }

    public func removeItem(_ path: RelativePath, in root: URL) throws {
        try change(path, in: root, removing: true) { name, parent throws(SystemCallError) in
            try FolderEntry.remove(named: name, in: parent)
        }
    }

    public func removeEmptyFolder(_ path: RelativePath, in root: URL) throws {
        try change(path, in: root, removing: true) { name, parent throws(SystemCallError) in
            try FolderEntry.removeFolder(named: name, in: parent)
        }
    }

    /// Runs one system call on `path`'s name inside its (confined) parent folder, maps its error,
    /// and syncs the folder so the change is durable.
    /// - Parameter removing: the call removes; then `EEXIST` means a full folder (some systems say
    ///   so instead of `ENOTEMPTY`).
    private func change(
        _ path: RelativePath, in root: URL, removing: Bool,
        _ call: (String, borrowing FileDescriptor) throws(SystemCallError) -> Void
    ) throws {
        let tree = try roots.tree(root)
        guard !path.isRoot else { throw TreeError.rootOperand }
        try tree.withParent(of: path) { parent in
            do throws(SystemCallError) {
                try call(path.name, parent)
            } catch  where removing && error.code == EEXIST {
                throw TreeError.folderNotEmpty(path)
            } catch {
                throw TreeError(error, path: path)
            }
            if syncsEachChange { try sync(parent, path) } else { pending.record([path.parent], in: root) }
        }
    }

    public func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws {
        let tree = try roots.tree(root)
        guard !source.isRoot, !destination.isRoot else { throw TreeError.rootOperand }
        try tree.withParent(of: source) { sourceFolder in
            try tree.withParent(of: destination) { destinationFolder in
                do throws(SystemCallError) {
                    try FolderEntry.renameWithoutReplacing(
                        source.name, in: sourceFolder, to: destination.name, in: destinationFolder)
                } catch {
                    switch error.code {
                    case ENOENT: throw TreeError.notFound(source)
                    case EEXIST: throw TreeError.alreadyExists(destination)
                    default: throw TreeError(error, path: source)
                    }
                }
                guard syncsEachChange else {
                    return pending.record([source.parent, destination.parent], in: root)
                }
                try sync(destinationFolder, destination)
                if source.parent != destination.parent { try sync(sourceFolder, source) }
            }
        }
    }

    /// Makes a change to `folder` durable.
    private func sync(_ folder: borrowing FileDescriptor, _ path: RelativePath) throws(TreeError) {
        do {
            try syncFolder(folder)
        } catch {
            throw TreeError.io(path: path, code: error.code, message: "the change may not be durable: \(error.message)")
        }
    }
}

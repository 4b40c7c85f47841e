public import Foundation

/// A file tree in memory with the error behaviour of a POSIX file system.
///
/// Every operation checks its path as the kernel does: a missing ancestor is `ENOENT`, an ancestor
/// that is a file is `ENOTDIR`, a folder where a file is expected is `EISDIR`, a name longer than
/// ``maximumNameLength`` bytes is `ENAMETOOLONG` (met as the walk reaches it, so it can never be
/// created, and a lookup of it fails rather than finding nothing). Errors are thrown as
/// `POSIXError`. Symbolic links are stored but never followed. The clock is deterministic: every
/// mutation advances it by one millisecond, so tests replay exactly.
public struct InMemoryTree: Sendable {
    private var entries: [PathKey: InMemoryEntry] = [:]
    private var children: [PathKey: Set<[UInt8]>] = [.root: []]
    /// Where each folder is now, by identity (so a Mock can keep working in a folder it opened,
    /// wherever the folder moves, as a process keeps a descriptor).
    private var folders: [UInt64: PathKey] = [1: .root]
    private var nextIdentity: UInt64 = 2
    /// The longest name, in bytes, a Linux file system holds (`NAME_MAX`).
    public static let maximumNameLength = 255

    /// The tree's clock, in nanoseconds since 1970.
    public private(set) var now: Int64 = 1_700_000_000_000_000_000

    /// An empty tree holding only the root folder.
    public init() {
        entries[.root] = InMemoryEntry(kind: .directory, identity: 1, modificationNanoseconds: now, permissions: 0o755)
    }

    // MARK: Reading

    /// The entry at `path`, or nil when nothing is there.
    public func entry(at path: PathKey) -> InMemoryEntry? { entries[path] }

    /// The names in the folder at `path`, sorted by bytes.
    /// - Throws: `POSIXError` `ENOENT` (missing), `ENOTDIR` (not a folder).
    public func childNames(of path: PathKey) throws -> [[UInt8]] {
        try checkAncestors(of: path)
        guard let entry = entries[path] else { throw POSIXError(.ENOENT) }
        guard entry.isDirectory else { throw POSIXError(.ENOTDIR) }
        return (children[path] ?? []).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The contents of the file at `path`.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `EISDIR`, `ELOOP` (a symbolic link), `EINVAL`
    ///   (a pipe, socket or device: nothing to read without blocking).
    public func readFile(at path: PathKey) throws -> Data {
        try checkAncestors(of: path)
        guard let entry = entries[path] else { throw POSIXError(.ENOENT) }
        switch entry.kind {
        case .file(let data): return data
        case .directory: throw POSIXError(.EISDIR)
        case .symbolicLink: throw POSIXError(.ELOOP)
        case .special: throw POSIXError(.EINVAL)
        }
    }

    /// Where the folder with this identity is now, or nil when it no longer exists.
    public func folder(withIdentity identity: UInt64) -> PathKey? { folders[identity] }

    /// Every path in the tree below `path` (not `path` itself), sorted.
    public func paths(below path: PathKey) -> [PathKey] {
        var result: [PathKey] = []
        var stack = [path]
        while let folder = stack.popLast() {
            for name in children[folder] ?? [] {
                let child = folder.appending(name)
                result.append(child)
                if entries[child]?.isDirectory == true { stack.append(child) }
            }
        }
        return result.sorted()
    }

    // MARK: Mutating

    /// Creates or replaces the file at `path` (a replaced file gets a new identity, as a rename
    /// onto it would give a new inode).
    /// - Parameters:
    ///   - data: the contents.
    ///   - path: where; its folder must exist.
    ///   - permissions: the file's permission bits.
    ///   - modificationNanoseconds: the time to record, or nil for the clock's next tick.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `EISDIR`.
    public mutating func writeFile(
        _ data: Data, at path: PathKey, permissions: UInt32 = 0o644, modificationNanoseconds: Int64? = nil
    ) throws {
        try checkParent(of: path)
        if entries[path]?.isDirectory == true { throw POSIXError(.EISDIR) }
        insert(.file(data), at: path, permissions: permissions, time: modificationNanoseconds)
    }

    /// Creates a symbolic link at `path`.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `EEXIST`.
    public mutating func makeSymbolicLink(at path: PathKey, target: String) throws {
        try checkParent(of: path)
        if entries[path] != nil { throw POSIXError(.EEXIST) }
        insert(.symbolicLink(target: target), at: path, permissions: 0o777, time: nil)
    }

    /// Creates a named pipe, a socket or a device at `path`, as `mkfifo`, `bind` or `mknod` would.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `EEXIST`, `ENAMETOOLONG`.
    public mutating func makeSpecialEntry(
        _ special: InMemoryEntry.Special, at path: PathKey, permissions: UInt32 = 0o644
    ) throws {
        try checkParent(of: path)
        if entries[path] != nil { throw POSIXError(.EEXIST) }
        insert(.special(special), at: path, permissions: permissions, time: nil)
    }

    /// Creates a folder at `path`.
    /// - Parameter intermediate: also create missing ancestors, and accept an existing folder.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR` (an ancestor is not a folder), `EEXIST`
    ///   (something is already at `path`; with `intermediate`, something other than a folder).
    public mutating func makeDirectory(at path: PathKey, intermediate: Bool = false) throws {
        if intermediate {
            var current = PathKey.root
            for (index, name) in path.components.enumerated() {
                if name.count > Self.maximumNameLength { throw POSIXError(.ENAMETOOLONG) }
                current = current.appending(name)
                switch entries[current]?.kind {
                case nil: insert(.directory, at: current, permissions: 0o755, time: nil)
                case .directory?: continue
                default: throw POSIXError(index == path.components.count - 1 ? .EEXIST : .ENOTDIR)
                }
            }
            return
        }
        if path == .root { throw POSIXError(.EEXIST) }
        try checkParent(of: path)
        if entries[path] != nil { throw POSIXError(.EEXIST) }
        insert(.directory, at: path, permissions: 0o755, time: nil)
    }

    /// Removes the entry at `path` and, for a folder, everything in it.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`; the root cannot be removed (`EBUSY`).
    public mutating func removeItem(at path: PathKey) throws {
        try checkAncestors(of: path)
        try checkName(of: path)
        guard path != .root else { throw POSIXError(.EBUSY) }
        guard entries[path] != nil else { throw POSIXError(.ENOENT) }
        detach(path)
        tick()
        touch(path.parent)
    }

    /// Moves the entry at `source` to `destination`, keeping identities, as `rename(2)` does:
    /// a file replaces a file, a folder replaces an empty folder.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `EISDIR`, `ENOTEMPTY`, `EINVAL` (into itself).
    public mutating func moveItem(from source: PathKey, to destination: PathKey) throws {
        try checkAncestors(of: source)
        try checkName(of: source)
        try checkAncestors(of: destination)
        guard let moving = entries[source] else { throw POSIXError(.ENOENT) }
        try checkParent(of: destination)
        if source == destination { return }
        if destination.isWithin(source) { throw POSIXError(.EINVAL) }
        if let existing = entries[destination] {
            switch (moving.isDirectory, existing.isDirectory) {
            case (false, true): throw POSIXError(.EISDIR)
            case (true, false): throw POSIXError(.ENOTDIR)
            case (true, true) where !(children[destination] ?? []).isEmpty: throw POSIXError(.ENOTEMPTY)
            default: detach(destination)
            }
        }
        let inner = paths(below: source)
        for old in [source] + inner {
            let suffix = old.components.dropFirst(source.components.count)
            let new = PathKey(components: destination.components + suffix)
            entries[new] = entries[old]
            entries[old] = nil
            if let moved = entries[new], moved.isDirectory { folders[moved.identity] = new }
            if let names = children[old] {
                children[new] = names
                children[old] = nil
            }
        }
        children[source.parent]?.remove(source.nameBytes)
        children[destination.parent, default: []].insert(destination.nameBytes)
        tick()
        touch(source.parent)
        touch(destination.parent)
    }

    /// Sets the modification time of the entry at `path`.
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`.
    public mutating func setModificationTime(_ nanoseconds: Int64, at path: PathKey) throws {
        try checkAncestors(of: path)
        guard entries[path] != nil else { throw POSIXError(.ENOENT) }
        tick()
        entries[path]?.modificationNanoseconds = nanoseconds
    }

    /// Sets the permission bits of the file or folder at `path`, masked to `0o777` as the
    /// tree's copies and folders are; the modification time stays (as `chmod` leaves it).
    /// - Throws: `POSIXError` `ENOENT`, `ENOTDIR`, `ELOOP` (a symbolic link: never followed),
    ///   `EINVAL` (a pipe, socket or device), `EPERM` (the root).
    public mutating func setPermissions(_ permissions: UInt32, at path: PathKey) throws {
        try checkAncestors(of: path)
        guard path != .root else { throw POSIXError(.EPERM) }
        guard let entry = entries[path] else { throw POSIXError(.ENOENT) }
        if case .symbolicLink = entry.kind { throw POSIXError(.ELOOP) }
        if case .special = entry.kind { throw POSIXError(.EINVAL) }
        tick()
        entries[path]?.permissions = permissions & 0o777
    }

    // MARK: Helpers

    private mutating func insert(_ kind: InMemoryEntry.Kind, at path: PathKey, permissions: UInt32, time: Int64?) {
        let stamp = tick()
        entries[path] = InMemoryEntry(
            kind: kind, identity: nextIdentity, modificationNanoseconds: time ?? stamp, permissions: permissions)
        if kind == .directory {
            children[path] = children[path] ?? []
            folders[nextIdentity] = path
        }
        nextIdentity += 1
        children[path.parent, default: []].insert(path.nameBytes)
        touch(path.parent)
    }

    /// Removes `path` and everything below it, without touching the clock.
    private mutating func detach(_ path: PathKey) {
        for inner in paths(below: path) {
            if let gone = entries[inner], gone.isDirectory { folders[gone.identity] = nil }
            entries[inner] = nil
            children[inner] = nil
        }
        if let gone = entries[path], gone.isDirectory { folders[gone.identity] = nil }
        entries[path] = nil
        children[path] = nil
        children[path.parent]?.remove(path.nameBytes)
    }

    @discardableResult
    private mutating func tick() -> Int64 {
        now += 1_000_000
        return now
    }

    private mutating func touch(_ folder: PathKey) {
        entries[folder]?.modificationNanoseconds = now
    }

    /// Checks every ancestor of `path` is an existing folder.
    private func checkAncestors(of path: PathKey) throws {
        var current = PathKey.root
        for name in path.components.dropLast() {
            if name.count > Self.maximumNameLength { throw POSIXError(.ENAMETOOLONG) }
            current = current.appending(name)
            guard let entry = entries[current] else { throw POSIXError(.ENOENT) }
            guard entry.isDirectory else { throw POSIXError(.ENOTDIR) }
        }
    }

    private func checkParent(of path: PathKey) throws {
        guard path != .root else { throw POSIXError(.EISDIR) }
        try checkAncestors(of: path)
        try checkName(of: path)
    }

    /// Checks the last component of `path` is not longer than ``maximumNameLength`` bytes.
    private func checkName(of path: PathKey) throws {
        if path.nameBytes.count > Self.maximumNameLength { throw POSIXError(.ENAMETOOLONG) }
    }
}

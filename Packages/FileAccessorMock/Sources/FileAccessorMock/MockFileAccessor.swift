public import FileAccessorInterface
public import Foundation
public import InMemorySupport

/// An in-memory ``FileAccessorProviding`` for tests: no I/O, every error on demand, every call
/// recorded.
///
/// It keeps the guide's surface (`files`, `readError`, `writeError`) and behaves like the real
/// file system otherwise: it passes the same contract suite as `DefaultFileAccessor`, so a missing
/// file, a missing folder or a folder in the way throw the same `CocoaError` kinds, a symbolic
/// link is refused (never followed) with ``FileAccessRefusal``, a file over ``readLimit`` is
/// refused as too large, and a path with a NUL byte is refused before the tree is touched.
/// The world has no FIFOs, sockets or devices, so those refusals are the Live accessor's alone.
///
/// ```swift
/// let accessor = MockFileAccessor()
/// accessor.files[URL(filePath: "/c/data.json")] = Data("{}".utf8)   // folders appear as needed
/// accessor.readError = CocoaError(.fileReadCorruptFile)              // every read now fails
/// ```
///
/// Share a ``MockWorld`` with other Mocks to see one tree and one journal; use
/// ``MockWorld/inject(_:)`` for faults per path, on the N-th call, once or always.
public final class MockFileAccessor: FileAccessorProviding {
    /// The world this accessor reads and writes.
    public let world: MockWorld
    /// The most bytes a read returns; a larger file is refused with
    /// ``FileAccessRefusal/tooLarge(path:size:limit:)``.
    public let readLimit: Int
    private let errors = Guarded<(read: (any Error)?, write: (any Error)?)>((nil, nil))

    /// Creates an accessor on `world` (a fresh, empty one by default).
    /// - Parameters:
    ///   - world: the tree, journal and faults it shares with other Mocks.
    ///   - readLimit: the most bytes a read returns, as `DefaultFileAccessor`'s limit
    ///     (``FileReadLimit/defaultBytes`` by default).
    public init(world: MockWorld = MockWorld(), readLimit: Int = FileReadLimit.defaultBytes) {
        self.world = world
        self.readLimit = max(readLimit, 0)
    }

    /// When set, every ``read(from:)`` throws it (the guide's switch).
    public var readError: (any Error)? {
        get { errors.withLock { $0.read } }
        set { errors.withLock { $0.read = newValue } }
    }

    /// When set, every ``write(_:to:)`` throws it and changes nothing (the guide's switch).
    public var writeError: (any Error)? {
        get { errors.withLock { $0.write } }
        set { errors.withLock { $0.write = newValue } }
    }

    /// Every file in the world, by URL (keys compared as paths: see ``MockFiles``). Setting it
    /// replaces all files: entries added are written (their folders created as needed), entries
    /// left out are removed. Not recorded in the journal.
    ///
    /// Changing it in place (`files[url] = data`, `files[url] = nil`, `files.removeAll()`) is one
    /// atomic step on the world: only the entries the change touched are written or removed, so a
    /// file another task writes meanwhile is never undone.
    ///
    /// A file set where ``write(_:to:)`` would fail because a file is in the way (`files[/f/x]`
    /// with `/f` a file, or a folder at the path itself) stops the test process with a message
    /// naming the path: a setter cannot throw, and dropping the entry silently hid the mistake.
    public var files: MockFiles {
        get {
            world.withTree { Self.snapshot(of: $0) }
        }
        set {
            world.withTree { tree in
                Self.apply(from: Self.snapshot(of: tree), to: newValue, in: &tree)
            }
        }
        _modify {
            let before = world.withTree { Self.snapshot(of: $0) }
            var after = before
            defer { world.withTree { tree in Self.apply(from: before, to: after, in: &tree) } }
            yield &after
        }
    }

    /// The files of `tree`.
    private static func snapshot(of tree: InMemoryTree) -> MockFiles {
        var result: [PathKey: Data] = [:]
        for path in tree.paths(below: .root) {
            if let data = tree.entry(at: path)?.data { result[path] = data }
        }
        return MockFiles(entries: result)
    }

    /// Makes the change from `before` to `after` in `tree`: files `before` had and `after` lacks
    /// are removed, files `after` has with other contents are written; nothing else is touched.
    private static func apply(from before: MockFiles, to after: MockFiles, in tree: inout InMemoryTree) {
        for path in before.entries.keys where after.entries[path] == nil {
            if tree.entry(at: path)?.data != nil { try? tree.removeItem(at: path) }
        }
        for (path, data) in after.entries where tree.entry(at: path)?.data != data {
            do {
                try tree.makeDirectory(at: path.parent, intermediate: true)
                try tree.writeFile(data, at: path)
            } catch {
                preconditionFailure(
                    "MockFileAccessor.files[\(path.path)] = \(data.count) bytes: write would fail here (\(error)): "
                        + "something other than a folder is on the way, or a folder is at the path")
            }
        }
    }

    /// The calls this accessor's world recorded for file access, in order.
    public var calls: [CallRecord] {
        world.journal.filter { [.read, .write, .append, .fileExists].contains($0.operation) }
    }

    public func read(from url: URL) throws -> Data {
        let injected = readError
        let limit = readLimit
        return try world.perform(.read, url: url, mutates: false) { tree in
            if let injected { throw injected }
            let path = url.path(percentEncoded: false)
            if FileAccessError.holdsNUL(url) { throw FileAccessError.invalidName(path: path, during: .read) }
            let data: Data
            do {
                let found = try tree.lookUp(path, followingFinalLink: false)
                if found.namesFolder {
                    guard let entry = tree.entry(at: found.key) else { throw POSIXError(.ENOENT) }
                    throw POSIXError(entry.isDirectory ? .EISDIR : .ENOTDIR)
                }
                let key = found.key
                do {
                    data = try tree.readFile(at: key)
                } catch let error as POSIXError {
                    if case .symbolicLink? = tree.entry(at: key)?.kind {
                        throw FileAccessRefusal.symbolicLink(path: path)
                    }
                    if case .special(let special)? = tree.entry(at: key)?.kind {
                        throw FileAccessRefusal.notARegularFile(path: path, kind: FileAccessRefusal.Kind(special))
                    }
                    throw error
                }
            } catch let error as POSIXError {
                throw FileAccessError.cocoaError(errno: error.code.rawValue, path: path, during: .read)
            }
            guard data.count <= limit else {
                throw FileAccessRefusal.tooLarge(path: path, size: Int64(data.count), limit: limit)
            }
            return data
        }
    }

    public func write(_ data: Data, to url: URL) throws {
        try writing(.write, at: url) { tree, _, found in
            let existing = tree.entry(at: found.key)
            let mode = existing?.data != nil ? existing?.permissions ?? 0o644 : 0o644
            try tree.writeFile(data, at: found.key, permissions: mode)
        }
    }

    /// Appends in the tree, as `DefaultFileAccessor` does on disk (see
    /// ``FileAccessorInterface/FileAccessorProviding/append(_:to:ifSizeIs:)``): one mutation of
    /// the world, recorded as `append`; ``writeError`` fails it too. A crash injected at it
    /// leaves the file as it was (the real call may leave a prefix of the bytes: write that into
    /// ``files`` to test a reader against it).
    public func append(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool {
        // As open(2) without O_CREAT, a missing folder is a missing file.
        try writing(.append, at: url, whenMissing: expectedSize == 0 ? nil : false) { tree, path, found in
            let existing = tree.entry(at: found.key)
            switch existing?.kind {
            case .symbolicLink?: throw FileAccessRefusal.symbolicLink(path: path)
            case .special(let special)?:
                throw FileAccessRefusal.notARegularFile(path: path, kind: FileAccessRefusal.Kind(special))
            case .directory?: throw POSIXError(.EISDIR)
            case .file(let current)?:
                guard current.count == expectedSize else { return false }
                try tree.writeFile(current + data, at: found.key, permissions: existing?.permissions ?? 0o600)
            case nil:
                guard expectedSize == 0 else { return false }
                try tree.writeFile(data, at: found.key, permissions: 0o600)
            }
            return true
        }
    }

    /// One call that writes at `url`, recorded as `operation`: ``writeError``, the NUL and
    /// folder-only refusals, the path looked up without following a final link, and a
    /// `POSIXError` said as a write's `CocoaError` (or, for `ENOENT`, `whenMissing` returned).
    private func writing<T>(
        _ operation: MockOperation, at url: URL, whenMissing: T? = nil,
        _ body: (inout InMemoryTree, _ path: String, PathLookup) throws -> T
    ) throws -> T {
        let injected = writeError
        return try world.perform(operation, url: url, mutates: true) { tree in
            if let injected { throw injected }
            let path = url.path(percentEncoded: false)
            if FileAccessError.holdsNUL(url) { throw FileAccessError.invalidName(path: path, during: .write) }
            // Only a folder can be there: open(O_CREAT) looks the folder up and says EISDIR
            // without looking at the last component (a link loop there is not met).
            if Self.namesFolderOnly(path) {
                let error = Self.folderOnlyError(path, in: tree)
                throw FileAccessError.cocoaError(errno: error.code.rawValue, path: path, during: .write)
            }
            do {
                return try body(&tree, path, try tree.lookUp(path, followingFinalLink: false))
            } catch let error as POSIXError {
                if error.code == .ENOENT, let whenMissing { return whenMissing }
                throw FileAccessError.cocoaError(errno: error.code.rawValue, path: path, during: .write)
            }
        }
    }

    /// Whether `path` can only name a folder: it ends in `/`, `/.` or `/..`.
    private static func namesFolderOnly(_ path: String) -> Bool {
        path.utf8.count > 1 && (path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/.."))
    }

    /// What creating a file at a path that can only name a folder (`t/`, `d/.`, `d/..`) fails
    /// with, as `open(O_CREAT)` on disk: the error of looking its folder up, else `EISDIR`.
    private static func folderOnlyError(_ path: String, in tree: InMemoryTree) -> POSIXError {
        var folder = Substring(path)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        folder = folder.lastIndex(of: "/").map { folder[..<$0] } ?? ""
        do {
            let found = try tree.lookUp(folder.isEmpty ? "/" : String(folder), followingFinalLink: true)
            guard let entry = tree.entry(at: found.key) else { return POSIXError(.ENOENT) }
            return POSIXError(entry.isDirectory ? .EISDIR : .ENOTDIR)
        } catch let error as POSIXError {
            return error
        } catch {
            return POSIXError(.EIO)
        }
    }

    public func fileExists(at url: URL) -> Bool {
        guard !FileAccessError.holdsNUL(url) else { return false }
        let path = url.path(percentEncoded: false)
        let exists = try? world.perform(.fileExists, url: url, mutates: false) { tree -> Bool in
            guard let found = try? tree.lookUp(path, followingFinalLink: false),
                let entry = tree.entry(at: found.key)
            else { return false }
            return !found.namesFolder || entry.isDirectory
        }
        return exists ?? false
    }
}

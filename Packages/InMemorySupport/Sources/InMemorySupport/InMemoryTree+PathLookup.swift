import Foundation

/// Where a path spelled by a caller leads in an ``InMemoryTree``, found as the kernel's path walk
/// finds it.
public struct PathLookup: Sendable, Equatable {
    /// The entry's place in the tree: every folder above it is a real folder (links in them are
    /// followed and `..` is taken from the folder reached, not from the text).
    public var key: PathKey
    /// Whether the spelling can only name a folder: it ends in `/`, `/.` or `/..` (or is `/`).
    /// A file cannot be created at such a path (`open(O_CREAT)` says `EISDIR`), and a file found
    /// there is `ENOTDIR`.
    public var namesFolder: Bool

    /// Creates a lookup result (the tree makes them; tests compare with them).
    public init(key: PathKey, namesFolder: Bool) {
        self.key = key
        self.namesFolder = namesFolder
    }
}

extension InMemoryTree {
    /// The most symbolic links one lookup follows before it fails with `ELOOP`, as Linux's
    /// limit of 40.
    public static let maximumLinkFollows = 40

    /// The longest path, in bytes, a lookup accepts (`PATH_MAX` less its NUL); longer is
    /// `ENAMETOOLONG`.
    public static let maximumPathLength = 4_095

    /// Looks `path` up as `open`, `lstat` and friends do, without changing anything.
    ///
    /// Components are taken one at a time from the root: `.` stays, `..` goes to the parent of
    /// the folder reached so far (so `f/..` with `f` a file is `ENOTDIR` and `missing/..` is
    /// `ENOENT`, never a shortcut), a symbolic link among the folders is followed (its target
    /// read from the folder holding it, or from the root when absolute), and a name longer than
    /// ``maximumNameLength`` bytes is `ENAMETOOLONG` wherever it is. The last component is
    /// followed only when `followingFinalLink` is set or the path ends in `/`. Nothing needs to
    /// exist at the last component: the returned key names where it would be.
    ///
    /// ```swift
    /// let found = try tree.lookUp("/c/a/../b/", followingFinalLink: false)
    /// ```
    /// - Parameters:
    ///   - path: an absolute path, as a caller spelled it.
    ///   - followingFinalLink: whether a symbolic link at the last component is followed.
    /// - Returns: where the path leads, and whether only a folder can be there.
    /// - Throws: `POSIXError` `ENOENT` (a folder on the way is missing, or a followed link
    ///   dangles before the end), `ENOTDIR` (a file or special entry on the way), `ELOOP` (more
    ///   than ``maximumLinkFollows`` links), `ENAMETOOLONG`, `EINVAL` (a NUL byte).
    public func lookUp(_ path: String, followingFinalLink: Bool) throws -> PathLookup {
        let bytes = Array(path.utf8)
        if bytes.contains(0) { throw POSIXError(.EINVAL) }
        if bytes.count > Self.maximumPathLength { throw POSIXError(.ENAMETOOLONG) }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
        let endsAsFolder =
            parts.isEmpty || bytes.last == UInt8(ascii: "/") || parts.last == Self.dot || parts.last == Self.dotDot
        var follows = 0
        let key = try walk(
            parts, from: .root, followingFinalLink: followingFinalLink || endsAsFolder, follows: &follows)
        return PathLookup(key: key, namesFolder: endsAsFolder)
    }

    private static let dot = Array(".".utf8)
    private static let dotDot = Array("..".utf8)

    /// Walks `parts` from the folder `start` (which exists), following links among the folders.
    private func walk(
        _ parts: [[UInt8]], from start: PathKey, followingFinalLink: Bool, follows: inout Int
    ) throws -> PathKey {
        var current = start
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            if part == Self.dot { continue }
            if part == Self.dotDot {
                current = current.parent
                continue
            }
            if part.count > Self.maximumNameLength { throw POSIXError(.ENAMETOOLONG) }
            let child = current.appending(part)
            guard let found = entry(at: child) else {
                if isLast { return child }
                throw POSIXError(.ENOENT)
            }
            switch found.kind {
            case .directory:
                current = child
            case .symbolicLink(let target):
                if isLast && !followingFinalLink { return child }
                follows += 1
                if follows > Self.maximumLinkFollows { throw POSIXError(.ELOOP) }
                let targetParts = target.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
                    .map(Array.init)
                if target.isEmpty { throw POSIXError(.ENOENT) }
                let reached = try walk(
                    targetParts, from: target.hasPrefix("/") ? .root : current, followingFinalLink: true,
                    follows: &follows)
                if isLast { return reached }
                guard let folder = entry(at: reached) else { throw POSIXError(.ENOENT) }
                guard folder.isDirectory else { throw POSIXError(.ENOTDIR) }
                current = reached
            case .file, .special:
                if isLast { return child }
                throw POSIXError(.ENOTDIR)
            }
        }
        return current
    }
}

/// The result of scanning a tree: its entries and what could not be read.
public struct TreeScan: Sendable, Equatable {
    /// Every entry below the root, sorted by path (a folder before its contents).
    public var entries: [TreeEntry]
    /// Entries that were skipped, each with the reason (an unreadable folder, a name that is not
    /// valid UTF-8 ...). A skipped folder's contents are unknown: sync must not read them as deleted.
    public var problems: [ScanProblem]

    /// Creates a scan result.
    public init(entries: [TreeEntry], problems: [ScanProblem] = []) {
        self.entries = entries
        self.problems = problems
    }
}

/// A path a scan could not read.
public struct ScanProblem: Sendable, Equatable, CustomStringConvertible {
    /// What a problem leaves unknown.
    public enum Extent: Sendable, Equatable {
        /// The entry at ``ScanProblem/path`` and everything below it (a folder that cannot be
        /// listed, an entry that cannot be examined, a device, socket or pipe).
        case path
        /// One name inside the folder at ``ScanProblem/path``, which cannot be a path (not valid
        /// UTF-8); the folder and its other entries are listed as usual.
        case nameInFolder
    }

    /// The path (the folder that could not be listed, or the folder holding an unusable name).
    public let path: RelativePath
    /// What went wrong.
    public let reason: String
    /// Whether the whole path is unknown or only one name in it.
    public let extent: Extent

    /// Creates a problem record.
    public init(path: RelativePath, reason: String, extent: Extent = .path) {
        self.path = path
        self.reason = reason
        self.extent = extent
    }

    public var description: String { "\(path.text.isEmpty ? "." : path.text): \(reason)" }
}

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
    /// The path (the folder that could not be listed, or the folder holding an unusable name).
    public let path: RelativePath
    /// What went wrong.
    public let reason: String

    /// Creates a problem record.
    public init(path: RelativePath, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path.text.isEmpty ? "." : path.text): \(reason)" }
}

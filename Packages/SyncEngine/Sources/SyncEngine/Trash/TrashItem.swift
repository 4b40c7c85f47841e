public import FileTreeInterface
public import Foundation

/// A version kept in a side's trash.
public struct TrashItem: Sendable, Codable, Equatable {
    /// The side whose trash holds it.
    public var side: SyncSide
    /// The run that trashed it (the folder name inside `.synccli-trash`).
    public var run: String
    /// The path it had.
    public var originalPath: RelativePath
    /// Where it is now, relative to the side's root.
    public var trashPath: RelativePath
    public var size: Int64
    public var modificationNanoseconds: Int64
    /// Whether no other copy of this version exists (not at its path on either side, not in either
    /// trash): the size limit never removes it, only its age. nil when not looked at (see
    /// ``SyncManager/trashMarkingLastCopies(of:)``).
    public var isLastCopy: Bool?

    /// When its run trashed it (to the second), read from the run folder's name; nil for a folder
    /// made by hand, whose age is unknown (expiry leaves it alone).
    public var trashedAt: Date? { TrashStamp.date(ofRun: run) }

    /// Whether `self` was trashed after `other`: runs compare by their time stamp, then by their
    /// archive generation as a number (`-g10` is after `-g9`); within one run the local side's
    /// version comes first, then paths in order.
    public func isNewer(than other: TrashItem) -> Bool {
        let (mine, theirs) = (Self.runKey(run), Self.runKey(other.run))
        if mine.stamp != theirs.stamp { return mine.stamp > theirs.stamp }
        if mine.generation != theirs.generation { return mine.generation > theirs.generation }
        if side != other.side { return side == .local }
        return originalPath < other.originalPath
    }

    /// A run folder's name (`<UTC date>T<time>Z-g<generation>`) as its time stamp and generation.
    private static func runKey(_ run: String) -> (stamp: Substring, generation: Int) {
        guard let dash = run.lastIndex(of: "-"), run[dash...].hasPrefix("-g"),
            let generation = Int(run[run.index(dash, offsetBy: 2)...])
        else { return (Substring(run), -1) }
        return (run[..<dash], generation)
    }
}

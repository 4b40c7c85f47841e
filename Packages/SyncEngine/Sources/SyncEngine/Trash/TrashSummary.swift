public import Foundation

/// What a pair's trash holds on each side and how it is kept: what `synccli status` shows.
public struct TrashSummary: Sendable, Equatable, Codable {
    /// One side's trash.
    public struct Side: Sendable, Equatable, Codable {
        /// How many versions it holds.
        public var versions: Int
        /// Their total size in bytes.
        public var bytes: Int64
        /// When its oldest version was trashed (nil: empty, or only folders made by hand).
        public var oldest: Date?
        /// The bytes its size limit allows now; nil when no size limit applies.
        public var cap: Int64?
        /// Why the size limit does not apply, when it does not (a share of the free space on a
        /// side that cannot tell its free space).
        public var capNote: String?
    }

    /// The retention in force.
    public var retention: TrashRetention
    /// By side.
    public var sides: [SyncSide: Side]
}

/// What `synccli trash empty` removed (or, dry, would remove) and what it kept.
public struct TrashEmptyResult: Sendable, Equatable, Codable {
    /// A number of versions and their bytes.
    public struct Tally: Sendable, Equatable, Codable {
        public var versions = 0
        public var bytes: Int64 = 0

        mutating func add(_ item: TrashItem) {
            versions += 1
            bytes += item.size
        }
    }

    /// Whether nothing was removed (a dry run).
    public var dryRun: Bool
    /// Removed (or to be removed).
    public var freed = Tally()
    /// Kept because each is the last copy of its version, younger than the age limit.
    public var keptLastCopies = Tally()
    /// Kept because they are younger than `--older-than` asked, or of unknown age.
    public var keptOther = Tally()
    /// Versions that could not be removed, each tried again by the next sync or `trash empty`.
    public var failed = 0
    /// One line per side where removals failed.
    public var warnings: [String] = []
}

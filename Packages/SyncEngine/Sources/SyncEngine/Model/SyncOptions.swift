/// How one sync of a pair behaves.
public struct SyncOptions: Sendable, Codable, Equatable {
    /// The conflict policy; keep-both by default.
    public var policy: ConflictPolicy
    /// The largest share of a side's files one sync may delete, in percent (default 50).
    public var maxDeletePercent: Int
    /// Deletions at or below this count are never stopped by the percentage (default 2), so that
    /// removing one file from a folder of two is not refused.
    public var deletionsAlwaysAllowed: Int

    /// Creates options.
    public init(policy: ConflictPolicy = .keepBoth, maxDeletePercent: Int = 50, deletionsAlwaysAllowed: Int = 2) {
        self.policy = policy
        self.maxDeletePercent = maxDeletePercent
        self.deletionsAlwaysAllowed = deletionsAlwaysAllowed
    }
}

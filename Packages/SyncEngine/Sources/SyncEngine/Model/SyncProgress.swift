/// How far an apply has come, reported after each action.
public struct SyncProgress: Sendable, Equatable {
    /// Actions finished (done, skipped or failed).
    public var finished: Int
    /// Actions in the plan.
    public var total: Int
    /// Bytes copied so far.
    public var bytesCopied: Int64

    /// Creates a progress report.
    public init(finished: Int, total: Int, bytesCopied: Int64) {
        self.finished = finished
        self.total = total
        self.bytesCopied = bytesCopied
    }
}

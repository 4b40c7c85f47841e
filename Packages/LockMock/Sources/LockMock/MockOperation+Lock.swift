public import InMemorySupport

extension MockOperation {
    /// ``MockPairLocking/acquire(_:holder:)``: a mutation, so faults and crashes apply.
    public static let acquireLock = MockOperation(rawValue: "acquireLock")
    /// `release()` of a lock ``MockPairLocking`` handed out: not a mutation, so it works while
    /// the world is crashed.
    public static let releaseLock = MockOperation(rawValue: "releaseLock")
}

public import InMemorySupport

extension MockOperation {
    /// ``MockFolderWatching/watch(_:onEvent:)``: not a mutation; faults apply to it.
    public static let watchFolder = MockOperation(rawValue: "watchFolder")
    /// `stop()` of a watch ``MockFolderWatching`` started: not a mutation.
    public static let stopWatch = MockOperation(rawValue: "stopWatch")
}

/// The two streams a command writes to.
enum StreamKind: Sendable, Equatable {
    /// Standard output: summaries, lists, JSON.
    case output
    /// Standard error: errors, paths that failed, progress.
    case error
}

/// Where synccli's text goes: standard output and standard error, or a recording in tests.
protocol TextStreams: Sendable {
    /// Writes `text` as it is (the caller adds line ends). Never traps: a failed write is
    /// remembered in ``failure``.
    func write(_ text: String, to stream: StreamKind)
    /// Whether standard error is a terminal a person watches (progress lines only then).
    var isTerminal: Bool { get }
    /// The first failed write's reason, if any.
    var failure: String? { get }
}

/// How a watch loop paces the syncs of a pair.
public struct WatchSettings: Sendable, Equatable {
    /// How long a pair must be quiet after a change before it is synced (a file still being
    /// written keeps it waiting).
    public let debounce: Duration
    /// The longest a change waits for quiet: a folder that never stops changing is still synced
    /// this long after its first unsynced change.
    public let maximumDelay: Duration
    /// How often a pair is synced without a local change, to pick up the container's changes.
    public let interval: Duration
    /// The first wait after the container was unavailable (or the pair locked elsewhere); each
    /// further failure doubles it.
    public let backoffBase: Duration
    /// The longest wait between two attempts while the container stays unavailable.
    public let backoffCap: Duration

    /// Creates settings.
    /// - Throws: ``WatchSettingsError/invalid(_:)`` naming the first bad value: a debounce,
    ///   interval or backoff that is not positive, a maximum delay shorter than the debounce, a
    ///   cap shorter than the base.
    public init(
        debounce: Duration = .seconds(2), maximumDelay: Duration = .seconds(60), interval: Duration = .seconds(60),
        backoffBase: Duration = .seconds(5), backoffCap: Duration = .seconds(300)
    ) throws(WatchSettingsError) {
        for (name, value) in [
            ("debounce", debounce), ("interval", interval), ("backoff base", backoffBase),
        ] where value <= .zero {
            throw .invalid("the \(name) must be positive, not \(value)")
        }
        guard maximumDelay >= debounce else {
            throw .invalid("the maximum delay (\(maximumDelay)) must be at least the debounce (\(debounce))")
        }
        guard backoffCap >= backoffBase else {
            throw .invalid("the backoff cap (\(backoffCap)) must be at least the backoff base (\(backoffBase))")
        }
        self.debounce = debounce
        self.maximumDelay = maximumDelay
        self.interval = interval
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
    }
}

/// Settings a watch loop cannot run with.
public enum WatchSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value out of range; the text names it.
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let reason): "invalid watch settings: \(reason)"
        }
    }
}

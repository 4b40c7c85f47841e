/// Why a watch loop starts a sync.
public enum SyncReason: String, Sendable, Equatable {
    /// The first sync of a pair when the loop starts (changes made while nobody watched).
    case startup
    /// The pair's folder changed and has been quiet for the debounce period (or changed for the
    /// maximum delay).
    case change
    /// The interval passed without a change: a check of the container's side.
    case interval
    /// A new attempt after the container was unavailable or the pair was busy.
    case retry
}

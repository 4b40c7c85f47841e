import FileTreeInterface

/// What a plan's reads run beside on a container whose side takes locks (a server): the plan
/// waits for it before it decides anything, and its scans enter no more folders once it failed.
enum ContainerLockStep: Sendable {
    /// The container's lock being taken. A plan that changes anything then checks that no other
    /// machine's sync ended since its scan began.
    case taking(InFlight<any SideLockHolding>)
    /// A look at whether a lock is there (``FileTreeInterface/SideLocking/hasLock(_:)``), which
    /// fails with ``ContainerLockFound`` when one is; when none is and the forecast, which the
    /// plan tells from its local scan and the archive, says the sync writes, it takes the lock
    /// then (it returns it). Else the caller takes the lock (and checks) only for a plan that
    /// needs it.
    case looking(InFlight<(any SideLockHolding)?>, WriteForecast)

    /// Whether the step has ended by failing (false while it runs); never waits.
    var hasFailed: Bool {
        switch self {
        case .taking(let lock): lock.hasFailed
        case .looking(let look, _): look.hasFailed
        }
    }

    /// The forecast a plan made beside a look tells.
    var forecast: WriteForecast? {
        if case .looking(_, let forecast) = self { return forecast }
        return nil
    }

    /// Whether this is the lock being taken, not a look.
    var isTaking: Bool {
        if case .taking = self { return true }
        return false
    }

    /// Waits for the step to end.
    /// - Throws: what it threw.
    func wait() throws {
        switch self {
        case .taking(let lock): _ = try lock.outcome().get()
        case .looking(let look, _): _ = try look.outcome().get()
        }
    }
}

/// What a look at the container's lock throws when a lock is there: another machine's sync is
/// running, or a crashed one's lock waits for its lease to end (or for this machine, which left
/// it, to take it over).
struct ContainerLockFound: Error {}

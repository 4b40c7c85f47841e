public import Foundation

/// Facts about this machine the engine needs and cannot look up itself.
public struct SyncEnvironment: Sendable {
    /// This machine's name, used in conflict copies and the container's document.
    public var machineName: String
    /// This machine's state folder (archives, pairs), made on the engine's first write there.
    public var state: any StateFolderProviding
    /// Where this machine's state folder is (``state``'s URL; it may not exist yet).
    public var stateFolder: URL { state.url }
    /// The current time.
    public var now: @Sendable () -> Date
    /// A description of this process, shown to another process that finds a pair locked.
    public var lockHolder: String
    /// How many file copies may run at once (1: one after the other, as tests want for exact
    /// replays). Overlapping the disk waits of small files speeds up a big sync. Above 1, a side
    /// that takes more at once (a server: its capabilities' parallelism) raises it for its pairs.
    public var copyWorkers: Int = 1

    /// Creates an environment whose state folder `state` makes on first need.
    public init(
        machineName: String, state: any StateFolderProviding, lockHolder: String,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.machineName = machineName
        self.state = state
        self.lockHolder = lockHolder
        self.now = now
    }

    /// Creates an environment whose state folder `stateFolder` already exists (an
    /// ``ExistingStateFolder``: the engine makes only the folders inside it).
    public init(
        machineName: String, stateFolder: URL, lockHolder: String, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(machineName: machineName, state: ExistingStateFolder(stateFolder), lockHolder: lockHolder, now: now)
    }
}

public import Foundation

/// Facts about this machine the engine needs and cannot look up itself.
public struct SyncEnvironment: Sendable {
    /// This machine's name, used in conflict copies and the container's document.
    public var machineName: String
    /// This machine's state folder (archives, pairs); it must exist.
    public var stateFolder: URL
    /// The current time.
    public var now: @Sendable () -> Date
    /// A description of this process, shown to another process that finds a pair locked.
    public var lockHolder: String
    /// How many file copies may run at once (1: one after the other, as tests want for exact
    /// replays). Overlapping the disk waits of small files speeds up a big sync.
    public var copyWorkers: Int = 1

    /// Creates an environment.
    public init(
        machineName: String, stateFolder: URL, lockHolder: String, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.machineName = machineName
        self.stateFolder = stateFolder
        self.lockHolder = lockHolder
        self.now = now
    }
}

import WatchInterface

/// What `synccli watch` needs besides the engine: how folders are watched, the time its loop
/// runs on, and when to stop. The composition root gives inotify, the system's clock and
/// SIGTERM/SIGINT; tests give `WatchMock` and a stop they trigger by hand.
struct WatchServices: Sendable {
    /// How folders are watched.
    var watching: any FolderWatching
    /// The time the loop runs on.
    var clock: any WatchClock
    /// When to stop.
    var stop: any StopSignal
}

/// Tells a long-running command to stop (the process was asked to end).
protocol StopSignal: Sendable {
    /// Calls `action` when the command should stop (each time it is asked: the action must
    /// tolerate a repeat). Called once per run, before the command starts its work.
    func onStop(_ action: @escaping @Sendable () -> Void)
}

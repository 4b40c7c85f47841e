import Synchronization

@testable import SyncCLICore

/// A stop the test triggers by hand, as SIGTERM would.
final class ManualStop: StopSignal {
    private let state = Mutex<(actions: [@Sendable () -> Void], fired: Bool)>(([], false))

    func onStop(_ action: @escaping @Sendable () -> Void) {
        let fired = state.withLock { state in
            state.actions.append(action)
            return state.fired
        }
        if fired { action() }
    }

    /// Asks the command to stop.
    func fire() {
        let actions = state.withLock { state in
            state.fired = true
            return state.actions
        }
        for action in actions { action() }
    }
}

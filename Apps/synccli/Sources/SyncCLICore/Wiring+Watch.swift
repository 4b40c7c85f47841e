import Dispatch
import Foundation
import WatchLive

extension Wiring {
    /// `watch` on the Live packages: inotify, the monotonic clock, and SIGTERM/SIGINT.
    var watchServices: WatchServices {
        WatchServices(watching: InotifyWatching(), clock: SystemWatchClock(), stop: SignalStop())
    }
}

/// SIGTERM and SIGINT as a stop: the signals no longer end the process; each calls the action
/// (which finishes the sync running and returns), on a dispatch queue, for the process's life.
struct SignalStop: StopSignal {
    func onStop(_ action: @escaping @Sendable () -> Void) {
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // The handler holds its source: it lives as long as the process.
            source.setEventHandler { [source] in
                _ = source
                action()
            }
            source.resume()
        }
    }
}

import InMemorySupport
import WatchInterface

/// The events a handler received, behind ``Guarded`` (clean under the thread sanitizer).
final class EventLog: Sendable {
    private let recorded = Guarded<[WatchEvent]>([])

    var handler: @Sendable (WatchEvent) -> Void {
        { [self] event in recorded.withLock { $0.append(event) } }
    }

    var events: [WatchEvent] { recorded.withLock { $0 } }
}

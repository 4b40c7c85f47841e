import CWatchShims
import Dispatch
import Foundation
import Synchronization
import WatchInterface

#if canImport(Glibc)
    import Glibc
#endif

/// The thread that reads one inotify descriptor and delivers its events.
///
/// It blocks in `poll` on the descriptor and a wake-up pipe (no busy loop); ``stop()`` writes to
/// the pipe and waits for the thread to finish, unless it is called from the thread itself (from
/// the handler). The thread closes every descriptor it owns as it ends.
final class InotifyReader: Sendable {
    private struct State {
        var stopped = false
        var exited = false
        var wakeWrite: Int32
        var reader: pthread_t?
        var watchedFolders = 0
    }

    private let state: Mutex<State>
    private let finished = DispatchGroup()
    private let onEvent: @Sendable (WatchEvent) -> Void

    /// The largest read: many records at once, few system calls in a burst.
    static let bufferSize = 64 * 1024

    /// Starts the thread.
    /// - Parameters:
    ///   - processor: the started processor (root and folders watched).
    ///   - initial: events to deliver first (folders that could not be watched).
    ///   - inotify: the inotify descriptor; the reader owns and closes it.
    ///   - wake: the wake-up pipe's two ends; the reader owns and closes them.
    ///   - onEvent: the watch's handler.
    init(
        processor: InotifyProcessor, initial: [WatchEvent], inotify: Int32, wake: (read: Int32, write: Int32),
        onEvent: @escaping @Sendable (WatchEvent) -> Void
    ) {
        state = Mutex(State(wakeWrite: wake.write, watchedFolders: processor.table.count))
        self.onEvent = onEvent
        finished.enter()
        let thread = Thread { [self] in
            run(processor: processor, initial: initial, inotify: inotify, wakeRead: wake.read)
        }
        thread.name = "WatchLive inotify"
        thread.start()
    }

    var watchedFolders: Int { state.withLock { $0.watchedFolders } }

    var isRunning: Bool { state.withLock { !$0.exited } }

    func stop() {
        let onReader = state.withLock { state -> Bool in
            if !state.stopped, !state.exited {
                var byte: UInt8 = 1
                _ = write(state.wakeWrite, &byte, 1)
            }
            state.stopped = true
            return state.reader.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        if !onReader { finished.wait() }
    }

    private func run(processor start: InotifyProcessor, initial: [WatchEvent], inotify: Int32, wakeRead: Int32) {
        state.withLock { $0.reader = pthread_self() }
        defer {
            state.withLock { state in
                state.exited = true
                close(state.wakeWrite)
                state.wakeWrite = -1
            }
            close(wakeRead)
            close(inotify)
            finished.leave()
        }
        var processor = start
        guard deliver(initial) else { return }
        var buffer = [UInt8](repeating: 0, count: Self.bufferSize)
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                _ = deliver([.ended(reason: "waiting for events failed: \(String(cString: strerror(errno)))")])
                return
            }
            if descriptors[1].revents != 0 || state.withLock({ $0.stopped }) { return }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                _ = deliver([.ended(reason: "reading events failed: \(String(cString: strerror(errno)))")])
                return
            }
            let records = buffer.withUnsafeBytes {
                InotifyRecord.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count]))
            }
            let (events, ended) = processor.handle(records)
            let folders = processor.table.count
            state.withLock { $0.watchedFolders = folders }
            guard deliver(Self.withoutRepeats(events)), !ended else { return }
        }
    }

    /// Delivers `events` in order until the watch is stopped.
    /// - Returns: false once it is stopped.
    private func deliver(_ events: [WatchEvent]) -> Bool {
        for event in events {
            guard !state.withLock({ $0.stopped }) else { return false }
            onEvent(event)
        }
        return !state.withLock { $0.stopped }
    }

    /// `events` with later repeats of an event left out (a write is several records).
    static func withoutRepeats(_ events: [WatchEvent]) -> [WatchEvent] {
        var seen = Set<WatchEvent>()
        return events.filter { seen.insert($0).inserted }
    }
}

import Foundation
import Synchronization
import Testing
import WatchInterface

@testable import WatchLive

#if canImport(Glibc)
    import Glibc
#endif

/// A stopped watch leaves no descriptor open: a watch per pair, restarted after every problem,
/// must not use up the process's descriptors.
@Suite("The inotify reader closes what it owns")
struct ReaderDescriptorTests {
    /// The identity of the file an open descriptor refers to, or nil when it is closed.
    static func identity(_ descriptor: Int32) -> (UInt64, UInt64)? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        return (ends[0], ends[1])
    }

    /// A processor watching an empty root through a fake system, a pipe standing in for the
    /// inotify descriptor (it never has anything) and a wake-up pipe; the caller closes
    /// `events.write`, the reader the rest.
    static func startedOnEmptyRoot() throws -> (
        processor: InotifyProcessor, events: (read: Int32, write: Int32), wake: (read: Int32, write: Int32)
    ) {
        let system = FakeInotifySystem()
        system.set("/r", [])
        var processor = InotifyProcessor(root: Array("/r".utf8), system: system)
        _ = try processor.start()
        return (processor, try makePipe(), try makePipe())
    }

    @Test("after stop, the event descriptor and both ends of the wake-up pipe are closed")
    func stopClosesAll() throws {
        let (processor, events, wake) = try Self.startedOnEmptyRoot()
        defer { close(events.write) }
        let owned = [events.read, wake.read, wake.write].map { ($0, Self.identity($0)) }
        #expect(owned.allSatisfy { $0.1 != nil })
        let reader = InotifyReader(
            processor: processor, initial: [], inotify: events.read, wake: wake, onEvent: { _ in })
        reader.stop()
        #expect(!reader.isRunning)
        for (descriptor, before) in owned {
            // Closed, or (taken again by another test at once) now another file: never the same one.
            if let now = Self.identity(descriptor), let before {
                #expect(now != before, "descriptor \(descriptor) is still open")
            }
        }
    }

    @Test("a watch stopped by its handler delivers nothing after that event, even from the same read")
    func stopFromHandlerEndsDelivery() throws {
        let (processor, events, wake) = try Self.startedOnEmptyRoot()
        defer { close(events.write) }
        let delivered = Mutex<[WatchEvent]>([])
        let holder = Mutex<InotifyReader?>(nil)
        let stored = DispatchSemaphore(value: 0)
        let handled = DispatchSemaphore(value: 0)
        let initial: [WatchEvent] = [.changed(path: "a"), .changed(path: "b"), .changed(path: "c")]
        let reader = InotifyReader(
            processor: processor, initial: initial, inotify: events.read, wake: wake,
            onEvent: { event in
                delivered.withLock { $0.append(event) }
                guard event == .changed(path: "a") else { return }
                stored.wait()  // the test has stored the reader: the handler can stop it
                holder.withLock { $0 }?.stop()
                handled.signal()
            })
        holder.withLock { $0 = reader }
        stored.signal()
        handled.wait()  // the first event was handled (no stop of the test's before it)
        reader.stop()  // waits for the reader's thread to end
        #expect(delivered.withLock { $0 } == [.changed(path: "a")])
    }
}

import Foundation
import Synchronization
import Testing
import WatchInterface

@testable import WatchLive

@Suite("InotifyWatch on the real disk: folders followed, descriptors released")
struct InotifyWatchTests {
    /// Waits for an event that must come; the bound only keeps a broken watch from hanging.
    static let patience: Duration = .seconds(30)

    @Test("a subfolder made after the start, and a file in it, are reported; its removal drops its watch")
    func subfolder() async throws {
        let folder = try TemporaryFolder()
        let events = Events()
        let watch = try #require(try InotifyWatching().watch(folder.url, onEvent: events.add) as? InotifyWatch)
        defer { watch.stop() }
        #expect(watch.watchedFolderCount == 1)
        let sub = folder.url.appending(path: "sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        try Data("x".utf8).write(to: sub.appending(path: "file.txt"))
        #expect(await events.wait(for: .changed(path: "sub/file.txt"), patience: Self.patience))
        #expect(watch.watchedFolderCount == 2)
        let mark = events.count
        try FileManager.default.removeItem(at: sub)
        #expect(await events.wait(for: .changed(path: "sub"), after: mark, patience: Self.patience))
        // IN_IGNORED follows the removal; a marker written afterwards comes after it in the queue.
        try Data("x".utf8).write(to: folder.url.appending(path: "marker"))
        #expect(await events.wait(for: .changed(path: "marker"), patience: Self.patience))
        #expect(watch.watchedFolderCount == 1)
    }

    @Test("starting and stopping more watches than the system's instance limit works: every descriptor is closed")
    func noLeak() throws {
        let folder = try TemporaryFolder()
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_instances", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 128
        for _ in 0..<(limit + 20) {
            let watch = try #require(try InotifyWatching().watch(folder.url) { _ in } as? InotifyWatch)
            #expect(watch.isRunning)
            watch.stop()
            #expect(!watch.isRunning)
        }
    }

    @Test("a dropped watch stops by itself, and so frees its descriptor")
    func dropped() throws {
        let folder = try TemporaryFolder()
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_instances", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 128
        for _ in 0..<(limit + 20) {
            _ = try InotifyWatching().watch(folder.url) { _ in }
        }
    }

    @Test("a root with a trailing slash reports the same relative paths")
    func trailingSlash() async throws {
        let folder = try TemporaryFolder()
        let events = Events()
        let watch = try InotifyWatching().watch(URL(filePath: folder.url.path + "/"), onEvent: events.add)
        defer { watch.stop() }
        try Data("x".utf8).write(to: folder.url.appending(path: "a.txt"))
        #expect(await events.wait(for: .changed(path: "a.txt"), patience: Self.patience))
    }
}

/// Events a handler received, and a wait for one that must come.
final class Events: Sendable {
    private let state = Mutex<(events: [WatchEvent], waiter: AsyncStream<Void>.Continuation?)>(([], nil))

    var add: @Sendable (WatchEvent) -> Void {
        { [self] event in
            state.withLock { state in
                state.events.append(event)
                return state.waiter
            }?.yield()
        }
    }

    var count: Int { state.withLock { $0.events.count } }

    private func received(_ event: WatchEvent, after: Int) -> Bool {
        state.withLock { $0.events.dropFirst(after).contains(event) }
    }

    /// Waits until `event` was received after the first `after` events, woken by each arrival;
    /// `patience` only bounds the wait so a broken watch fails instead of hanging.
    func wait(for event: WatchEvent, after: Int = 0, patience: Duration) async -> Bool {
        let (arrivals, arrival) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        state.withLock { $0.waiter = arrival }
        defer { state.withLock { $0.waiter = nil } }
        if received(event, after: after) { return true }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { [self] in
                for await _ in arrivals where received(event, after: after) { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return false
            }
            let seen = await group.next() ?? false
            group.cancelAll()
            return seen
        }
    }
}

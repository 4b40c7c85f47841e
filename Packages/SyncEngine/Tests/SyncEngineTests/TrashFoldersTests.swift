import Dispatch
import FileTreeInterface
import Foundation
import Synchronization
import Testing

@testable import SyncEngine

/// The threads of an apply move entries into the same trash folders at once: each folder must be
/// asked for once, not by every thread at the same moment (rclone refuses all but one of such
/// requests as locked, and a run then failed to trash a file).
@Suite("Trash folders: made by one thread at a time")
struct TrashFoldersTests {
    /// Runs `body` on a thread of its own; the group is left when it returns.
    func onThread(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }

    /// Waits (yielding) until `condition` holds. Progress only, no clock: whatever the machine's
    /// speed, it returns once the other thread got there.
    func waitUntil(_ condition: () -> Bool) {
        while !condition() { sched_yield() }
    }

    @Test("a thread asking for a folder another thread is making waits for it and does not ask again")
    func waitsForTheMaker() throws {
        let folders = TrashFolders()
        let folder = try RelativePath(".synccli-trash/run/a")
        let calls = Mutex(0)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let results = Mutex<[String: Bool]>([:])
        let threads = DispatchGroup()
        onThread(threads) {
            let made = try? folders.ensure(folder, on: .container) {
                calls.withLock { $0 += 1 }
                entered.signal()
                release.wait()
                return true
            }
            results.withLock { $0["first"] = made }
        }
        entered.wait()
        onThread(threads) {
            let made = try? folders.ensure(folder, on: .container) {
                calls.withLock { $0 += 1 }
                return true
            }
            results.withLock { $0["second"] = made }
        }
        // Either the second thread waits, or (the defect) it asks for the folder itself.
        waitUntil { folders.waiting(for: folder, on: .container) == 1 || calls.withLock { $0 } == 2 }
        release.signal()
        threads.wait()
        #expect(calls.withLock { $0 } == 1)
        #expect(results.withLock { $0 } == ["first": true, "second": false])
        #expect(folders.contains(folder, on: .container))
        #expect(!folders.contains(folder, on: .local), "each side its own")
    }

    @Test("when the maker fails, a thread that waited for it makes the folder itself")
    func waiterTriesAfterAFailure() throws {
        let folders = TrashFolders()
        let folder = try RelativePath(".synccli-trash/run")
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let results = Mutex<[String: String]>([:])
        let threads = DispatchGroup()
        onThread(threads) {
            let outcome = Result {
                try folders.ensure(folder, on: .local) {
                    entered.signal()
                    release.wait()
                    throw TreeError.notFound(folder)
                }
            }
            results.withLock { $0["first"] = "\(outcome)" }
        }
        entered.wait()
        onThread(threads) {
            let outcome = Result { try folders.ensure(folder, on: .local) { true } }
            results.withLock { $0["second"] = "\(outcome)" }
        }
        waitUntil { folders.waiting(for: folder, on: .local) == 1 || results.withLock { $0["second"] } != nil }
        release.signal()
        threads.wait()
        #expect(results.withLock { $0["first"] }?.hasPrefix("failure") == true)
        #expect(results.withLock { $0["second"] } == "success(true)")
        #expect(folders.contains(folder, on: .local))
    }

    @Test("a known folder is not asked for again until the side's folders are forgotten")
    func knownUntilForgotten() throws {
        let folders = TrashFolders()
        let folder = try RelativePath(".synccli-trash")
        var calls = 0
        #expect(
            try folders.ensure(folder, on: .local) {
                calls += 1
                return false
            } == false)
        #expect(
            try folders.ensure(folder, on: .local) {
                calls += 1
                return true
            } == false)
        #expect(calls == 1)
        #expect(throws: TreeError.self) {
            try folders.ensure(folder, on: .container) { throw TreeError.notFound(folder) }
        }
        #expect(!folders.contains(folder, on: .container), "a failed attempt leaves it unknown")
        folders.forget(.local)
        #expect(
            try folders.ensure(folder, on: .local) {
                calls += 1
                return true
            })
        #expect(calls == 2)
    }
}

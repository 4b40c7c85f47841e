import Foundation
import InMemorySupport
import LockInterface
import LockMock
import Testing

@Suite("Concurrent use of MockPairLocking")
struct ConcurrentLockingTests {
    @Test("many tasks taking and releasing one name never hold it at once")
    func mutualExclusion() async throws {
        let world = MockWorld()
        let occupancy = Occupancy()
        let tasks = 8
        let rounds = 200
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Each task is a process of its own: its own instance on the shared world.
                    let locking = MockPairLocking(world: world)
                    for round in 0..<rounds {
                        do {
                            let lock = try locking.acquire("shared", holder: "task <\(task)>")
                            occupancy.enter()
                            if round.isMultiple(of: 3) { await Task.yield() }
                            occupancy.leave()
                            lock.release()
                            if round.isMultiple(of: 5) { lock.release() }
                        } catch LockError.held(let holder) {
                            #expect(holder.hasPrefix("task <") && holder != "task <\(task)>")
                        } catch {
                            Issue.record("unexpected \(error)")
                        }
                    }
                }
            }
        }
        #expect(occupancy.maximum == 1)
        #expect(occupancy.entries > 0)
        let journal = world.journal
        #expect(journal.filter { $0.operation == .acquireLock }.count == tasks * rounds)
        #expect(journal.filter { $0.operation == .releaseLock }.count == occupancy.entries)
        #expect(MockPairLocking(world: world).holder(of: "shared") == nil)
    }

    @Test("releasing one handle from many tasks at once releases it once")
    func concurrentRelease() async throws {
        let locking = MockPairLocking()
        for _ in 0..<20 {
            let lock = try locking.acquire("pair", holder: "me")
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { lock.release() } }
            }
            #expect(locking.holder(of: "pair") == nil)
        }
        #expect(locking.calls.filter { $0.operation == .releaseLock }.count == 20)
    }

    @Test("many tasks on distinct names all succeed")
    func distinctNames() async throws {
        let world = MockWorld()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let locking = MockPairLocking(world: world)
                    for round in 0..<50 {
                        try locking.acquire("pair \(task)", holder: "task \(task) round \(round)").release()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(world.journal.count == 8 * 50 * 2)
    }
}

/// Counts the tasks inside the lock at once, and the most there ever were (behind ``Guarded``,
/// which the thread sanitizer understands).
private final class Occupancy: Sendable {
    private let state = Guarded((inside: 0, maximum: 0, entries: 0))

    func enter() {
        state.withLock {
            $0.inside += 1
            $0.entries += 1
            $0.maximum = max($0.maximum, $0.inside)
        }
    }

    func leave() {
        state.withLock { $0.inside -= 1 }
    }

    var maximum: Int { state.withLock { $0.maximum } }
    var entries: Int { state.withLock { $0.entries } }
}

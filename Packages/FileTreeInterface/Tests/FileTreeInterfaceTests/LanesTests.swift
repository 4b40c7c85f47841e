import FileTreeInterface
import Foundation
import Synchronization
import Testing

@Suite("Lanes run side by side, whatever the number of cores")
struct LanesTests {
    @Test("eight lanes are all running at once: each waits until all eight have started")
    func allLive() {
        let lanes = 8
        let arrived = Atomic<Int>(0)
        let sawAll = Atomic<Int>(0)
        let everyoneIn = DispatchSemaphore(value: 0)
        Lanes.run(lanes) { _ in
            // The last to arrive lets everyone go; lanes run two at a time would wait out the
            // 30 s failure guard instead.
            if arrived.add(1, ordering: .sequentiallyConsistent).newValue == lanes {
                for _ in 0..<lanes { everyoneIn.signal() }
            }
            if everyoneIn.wait(timeout: .now() + 30) == .success {
                sawAll.add(1, ordering: .sequentiallyConsistent)
            }
        }
        #expect(sawAll.load(ordering: .sequentiallyConsistent) == lanes)
    }

    @Test("each lane runs once with its number; none for 0, the caller's thread for 1")
    func numbering() {
        let seen = Mutex<[Int]>([])
        Lanes.run(5) { lane in seen.withLock { $0.append(lane) } }
        #expect(seen.withLock { $0.sorted() } == [0, 1, 2, 3, 4])
        Lanes.run(0) { _ in seen.withLock { $0.append(-1) } }
        #expect(seen.withLock { $0.count } == 5)
        let caller = pthread_self()
        let same = Mutex(false)
        Lanes.run(1) { _ in same.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 } }
        #expect(same.withLock { $0 })
    }
}

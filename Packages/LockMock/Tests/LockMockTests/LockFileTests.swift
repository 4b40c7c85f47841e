import Foundation
import InMemorySupport
import LockInterface
import LockMock
import Testing

@Suite("The lock file on the world, as FileLock leaves it on the disk")
struct LockFileTests {
    @Test("a released lock leaves its file, emptied, and a later take reuses it")
    func releaseLeavesAnEmptyFile() throws {
        let world = MockWorld()
        let locking = MockPairLocking(world: world)
        let key = PathKey(locking.lockFileURL(for: "docs"))
        let lock = try locking.acquire("docs", holder: "first")
        #expect(world.withTree { $0.entry(at: key)?.data?.isEmpty } == false)
        lock.release()
        #expect(world.withTree { $0.entry(at: key)?.data } == Data())
        #expect(locking.holder(of: "docs") == nil)
        let again = try MockPairLocking(world: world).acquire("docs", holder: "second")
        #expect(locking.holder(of: "docs") == "second")
        again.release()
    }
}

import InMemorySupport
import LockInterface
import LockMock
import Testing

// The README's example, compiled and run so it cannot rot.

@Suite("The README's mock example")
struct ReadmeExampleTests {
    @Test("a second process on the same world is refused and told who holds the lock")
    func example() throws {
        let world = MockWorld()
        let lock = try MockPairLocking(world: world).acquire("documents", holder: "first sync")
        // another "process" on the same world is refused, and told who holds the lock:
        #expect(throws: LockError.held(by: "first sync")) {
            try MockPairLocking(world: world).acquire("documents", holder: "second sync")
        }
        lock.release()
        #expect(MockPairLocking(world: world).holder(of: "documents") == nil)
    }
}

import InMemorySupport
import LockInterface
import LockMock
import Testing

@Test("LockMock's README: a second process on the same world is refused and told the holder")
func lockHeldByAnotherProcess() throws {
    let world = MockWorld()
    let lock = try MockPairLocking(world: world).acquire("documents", holder: "first sync")
    // another "process" on the same world is refused, and told who holds the lock:
    #expect(throws: LockError.held(by: "first sync")) {
        try MockPairLocking(world: world).acquire("documents", holder: "second sync")
    }
    lock.release()

    let again = try MockPairLocking(world: world).acquire("documents", holder: "second sync")
    #expect(MockPairLocking(world: world).holder(of: "documents") == "second sync")
    again.release()
}

import Foundation
import InMemorySupport
import LockInterface
import LockMock
import Testing

@Suite("Faults, crashes and the journal of MockPairLocking")
struct FaultTests {
    let world = MockWorld()

    @Test("a fault aimed at one name's lock file fails that name only")
    func faultOnOneName() throws {
        let locking = MockPairLocking(world: world)
        world.inject(
            Fault(LockError.unavailable("disk full"), operation: .acquireLock, path: locking.lockFileURL(for: "a")))
        #expect(throws: LockError.unavailable("disk full")) { try locking.acquire("a", holder: "me") }
        try locking.acquire("b", holder: "me").release()
        #expect(locking.holder(of: "a") == nil)
    }

    @Test("a fault on the second acquire fires once")
    func nthCallOnce() throws {
        let locking = MockPairLocking(world: world)
        world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .acquireLock, onCall: 2, repeats: .once))
        try locking.acquire("a", holder: "me").release()
        #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try locking.acquire("a", holder: "me") }
        try locking.acquire("a", holder: "me").release()
    }

    @Test("a crash stops every later acquire, while release still works")
    func crashStopsAcquires() throws {
        let locking = MockPairLocking(world: world)
        let held = try locking.acquire("a", holder: "dying process")
        world.crash(atMutation: 2)
        #expect(throws: MockCrash(step: 2)) { try locking.acquire("b", holder: "dying process") }
        held.release()
        #expect(locking.holder(of: "a") == nil)
    }

    @Test("a restart frees the locks of a process that crashed without releasing them")
    func restartFreesDeadHolders() throws {
        let dead = MockPairLocking(world: world)
        let held = try dead.acquire("a", holder: "dead process")
        world.crash(atMutation: 2)
        let next = MockPairLocking(world: world)
        #expect(throws: MockCrash(step: 2)) { try next.acquire("a", holder: "new process") }
        #expect(next.holder(of: "a") == "dead process")
        world.restart()
        #expect(next.holder(of: "a") == nil)
        let lock = try next.acquire("a", holder: "new process")
        held.release()  // the dead process's stale handle frees nothing
        #expect(next.holder(of: "a") == "new process")
        lock.release()
        #expect(next.holder(of: "a") == nil)
    }

    @Test("a fault on release leaves the lock held, and a later release tries again")
    func faultOnRelease() throws {
        let locking = MockPairLocking(world: world)
        let held = try locking.acquire("a", holder: "hung")
        world.inject(Fault(CocoaError(.fileWriteUnknown), operation: .releaseLock, repeats: .once))
        held.release()
        #expect(locking.holder(of: "a") == "hung")
        held.release()
        #expect(locking.holder(of: "a") == nil)
    }

    @Test("two lockings on one world share the locks and one journal")
    func sharedWorld() throws {
        let first = MockPairLocking(world: world)
        let second = MockPairLocking(world: world)
        let lock = try first.acquire("pair", holder: "first")
        #expect(throws: LockError.held(by: "first")) { try second.acquire("pair", holder: "second") }
        lock.release()
        lock.release()
        #expect(first.calls.map(\.operation) == [.acquireLock, .acquireLock, .releaseLock])
        #expect(first.calls[1].outcome == .failed(LockError.held(by: "first").description))
        #expect(first.calls.allSatisfy { $0.url == first.lockFileURL(for: "pair") })
    }

    @Test("a name too long for the Live lock's file name is refused, as the Live lock refuses it")
    func longName() throws {
        let locking = MockPairLocking(world: world)
        #expect(
            throws: LockError.unavailable(
                "cannot open \(locking.lockFileURL(for: String(repeating: "n", count: 126)).path): File name too long")
        ) {
            try locking.acquire(String(repeating: "n", count: 126), holder: "me")
        }
        try locking.acquire(String(repeating: "n", count: 125), holder: "me").release()
    }

    @Test("a folder in place of a lock file is refused with unavailable")
    func folderInTheWay() throws {
        let locking = MockPairLocking(world: world)
        try world.withTree { try $0.makeDirectory(at: PathKey(locking.lockFileURL(for: "a")), intermediate: true) }
        #expect {
            try locking.acquire("a", holder: "me")
        } throws: { error in
            guard case LockError.unavailable? = error as? LockError else { return false }
            return true
        }
    }

    @Test("an error names the lock file's path as written: a space in it is not percent-encoded")
    func errorNamesThePlainPath() throws {
        let locking = MockPairLocking(
            world: world, folder: URL(filePath: "/mock state/locks", directoryHint: .isDirectory))
        try world.withTree { try $0.makeDirectory(at: PathKey(locking.lockFileURL(for: "a")), intermediate: true) }
        #expect(throws: LockError.unavailable("/mock state/locks/61.lock is not a regular file")) {
            try locking.acquire("a", holder: "me")
        }
    }

    @Test("a file in place of the lock folder is refused with unavailable naming the error")
    func fileInPlaceOfFolder() throws {
        try world.withTree { try $0.writeFile(Data(), at: PathKey(path: "/mock-state")) }
        #expect {
            try MockPairLocking(world: world).acquire("a", holder: "me")
        } throws: { error in
            guard case LockError.unavailable(let reason)? = error as? LockError else { return false }
            return reason.contains("Not a directory")
        }
    }
}

import Foundation
import LockContract
import LockInterface
import Synchronization
import Testing

/// Proves the contract can fail: deliberately wrong implementations are caught.
@Suite("The lock contract catches wrong implementations")
struct ContractCanFailTests {
    @Test(
        "a name-keyed, path-joining locking fails the cases it gets wrong",
        arguments: [
            "releasing twice is harmless and never frees someone else's lock",
            "a dropped lock is released, as when its holder dies",
            "hostile names are taken safely or refused with unavailable, and nothing outside changes",
            "names that differ only in normalization, case or punctuation are distinct locks",
        ])
    func sloppy(caseName: String) throws {
        let check = try #require(LockContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) { try check.verify(SloppyLocking.fixture()) }
    }

    @Test(
        "the sloppy locking still passes the cases it gets right, so the failures above are specific",
        arguments: [
            "a taken name is refused to another taker with held(by:) naming the holder",
            "an instance cannot take a name it already holds",
            "different names do not block each other",
            "a released name can be taken again, and the new holder is named",
            "of many simultaneous takers exactly one wins",
        ])
    func sloppyPassesOthers(caseName: String) throws {
        let check = try #require(LockContract.cases.first { $0.name == caseName })
        try check.verify(SloppyLocking.fixture())
    }

    @Test(
        "a locking that never blocks fails the exclusion cases",
        arguments: [
            "a taken name is refused to another taker with held(by:) naming the holder",
            "an instance cannot take a name it already holds",
            "of many simultaneous takers exactly one wins",
        ])
    func neverBlocking(caseName: String) throws {
        let check = try #require(LockContract.cases.first { $0.name == caseName })
        let fixture = LockContractFixture(makeLocking: { NeverBlockingLocking() }, listOutside: { [] })
        #expect(throws: ContractViolation.self) { try check.verify(fixture) }
    }

    @Test(
        "a locking that forgets the holder's text fails the holder cases",
        arguments: [
            "a taken name is refused to another taker with held(by:) naming the holder",
            "holder texts of any content are reported whole",
        ])
    func namelessHolder(caseName: String) throws {
        let check = try #require(LockContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) { try check.verify(SloppyLocking.fixture(keepsHolder: false)) }
    }

    @Test("every case has a distinct name")
    func distinctNames() {
        #expect(Set(LockContract.cases.map(\.name)).count == LockContract.cases.count)
    }
}

/// Keys locks by `String` (so NFC and NFD names merge), stores each as a "file" at the lock
/// folder's path joined with the raw name (so `../x` lands outside), releases by name (so a stale
/// handle frees the next holder's lock), and keeps a dropped lock forever.
private final class SloppyLocking: PairLocking {
    /// The "file system": lock paths and their holders, shared by every instance of a fixture.
    let world: Mutex<[String: String]>
    let keepsHolder: Bool
    private let folder = URL(filePath: "/state/locks", directoryHint: .isDirectory)

    private init(keepsHolder: Bool) {
        world = Mutex([:])
        self.keepsHolder = keepsHolder
    }

    static func fixture(keepsHolder: Bool = true) -> LockContractFixture {
        let shared = SloppyLocking(keepsHolder: keepsHolder)
        return LockContractFixture(
            makeLocking: { shared },
            listOutside: { shared.world.withLock { $0.keys.filter { !$0.hasPrefix("/state/locks/") } } })
    }

    func acquire(_ name: String, holder: String) throws -> any HeldLock {
        let path = folder.appending(path: name + ".lock").standardized.path
        let key = world.withLock { table in table.keys.first { $0 == path } ?? path }
        return try world.withLock { table in
            if let current = table[key] { throw LockError.held(by: current) }
            table[key] = keepsHolder ? holder : "someone"
            return NameReleasedLock(owner: self, key: key)
        }
    }

    struct NameReleasedLock: HeldLock {
        let owner: SloppyLocking
        let key: String
        func release() { _ = owner.world.withLock { $0.removeValue(forKey: key) } }
    }
}

/// Hands out a lock to everyone.
private struct NeverBlockingLocking: PairLocking {
    struct NoLock: HeldLock { func release() {} }
    func acquire(_ name: String, holder: String) throws -> any HeldLock { NoLock() }
}

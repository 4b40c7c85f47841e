import Foundation
import InMemorySupport
import LockContract
import LockMock
import Testing

@Suite("MockPairLocking passes the lock contract")
struct MockPairLockingContractTests {
    @Test("contract case", arguments: LockContract.cases)
    func contract(_ check: LockContractCase) throws {
        let world = MockWorld()
        let locks = URL(filePath: "/home/me/.local/state/synccli/locks", directoryHint: .isDirectory)
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/home/me/.local/state/synccli/bait"), intermediate: true)
            try tree.writeFile(Data("keep".utf8), at: PathKey(path: "/home/me/.local/state/synccli/x"))
        }
        let fixture = LockContractFixture(
            makeLocking: { MockPairLocking(world: world, folder: locks) },
            listOutside: {
                world.withTree { tree in
                    tree.paths(below: .root).filter { !$0.isWithin(PathKey(locks)) }.map(\.path)
                }
            })
        try check.verify(fixture)
    }
}

import Foundation
import LockContract
import LockLive
import Testing

@Suite("FileLock passes the lock contract on the real file system")
struct FileLockContractTests {
    @Test("contract case", arguments: LockContract.cases)
    func contract(_ check: LockContractCase) throws {
        let home = try TemporaryFolder()
        let locks = home.url.appending(path: "state/locks", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(
            at: home.url.appending(path: "state/bait", directoryHint: .isDirectory), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: home.url.appending(path: "state/x"))
        let fixture = LockContractFixture(
            makeLocking: { FileLock(folder: locks) },
            listOutside: { try home.paths(excluding: locks) })
        try check.verify(fixture)
    }
}

import Foundation
import Testing
import WatchContract
import WatchLive

@Suite("InotifyWatching passes the watch contract on the real disk")
struct InotifyContractTests {
    @Test("contract case", arguments: WatchContract.cases)
    func contract(_ check: WatchContractCase) async throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appending(path: "root", directoryHint: .isDirectory)
        let outside = folder.url.appending(path: "root2", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        // A bound on waiting for events that must come, so a broken watch fails, never a speed check.
        let fixture = WatchContractFixture(
            root: root, outside: outside, files: DiskFiles(), makeWatching: { InotifyWatching() }, deliver: {},
            patience: .seconds(30))
        try await check.verify(fixture)
        withExtendedLifetime(folder) {}
    }
}

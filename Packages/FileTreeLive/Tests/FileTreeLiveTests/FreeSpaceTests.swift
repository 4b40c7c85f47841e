import FileTreeInterface
import FileTreeLive
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The free space of a local folder's disk")
struct FreeSpaceTests {
    @Test("a folder side tells its disk's free space, as statvfs gives it")
    func freeSpace() throws {
        let folder = try TemporaryFolder()
        let side = try LocalFolderSides().openSide(at: folder.url)
        let told = try #require(try (side as? any SideSpaceReporting)?.availableSpace())
        var status = statvfs()
        #expect(statvfs(folder.url.path, &status) == 0)
        let expected = Int64(status.f_bavail) * Int64(status.f_frsize)
        // Other writers on the disk move it a little between the two calls.
        #expect(abs(told - expected) <= 64 << 20, "\(told) vs \(expected)")
        #expect(told > 0)
    }

    @Test(
        "on a 1 MiB tmpfs: 1 MiB free, then less by what a file takes",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")))
    func smallDisk() throws {
        let folder = try TemporaryFolder()
        let disk = try folder.folder("disk")
        guard ScratchDisk.mount(size: "1m", on: disk) else { return }
        defer { ScratchDisk.unmount(disk) }
        let side = try LocalFolderSides().openSide(at: disk)
        #expect(try (side as? any SideSpaceReporting)?.availableSpace() == 1 << 20)
        try Data(count: 256 << 10).write(to: disk.appending(path: "quarter"))
        let left = try #require(try (side as? any SideSpaceReporting)?.availableSpace())
        #expect(left <= 768 << 10 && left >= 700 << 10, "\(left)")
    }

    @Test("a missing root is rootUnavailable, not a number")
    func missingRoot() throws {
        let folder = try TemporaryFolder()
        let side = try LocalFolderSides().openSide(at: folder.url.appending(path: "gone", directoryHint: .isDirectory))
        #expect(throws: TreeError.self) { try (side as? any SideSpaceReporting)?.availableSpace() }
    }
}

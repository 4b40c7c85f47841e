import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A copy between local folders on two file systems is checked against the destination's free
/// space before a byte is written, by the blocks the file holds (holes need none).
@Suite("A local copy too large for the destination's disk")
struct RoomCheckTests {
    @Test(
        "fails at once with ENOSPC naming both sizes, writing nothing; a larger file of holes still copies",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")))
    func refusedAtOnce() throws {
        let folder = try TemporaryFolder()
        let source = try folder.folder("source")
        let disk = try folder.folder("disk")
        guard ScratchDisk.mount(size: "512k", on: disk) else { return }
        defer { ScratchDisk.unmount(disk) }
        try Data(repeating: 7, count: 2 << 20).write(to: source.appending(path: "dense.bin"))
        // 4 MiB long, one 4 KiB block stored.
        let sparse = source.appending(path: "sparse.bin")
        try Data(repeating: 1, count: 4096).write(to: sparse)
        #expect(truncate(sparse.path, 4 << 20) == 0)
        let sides = LocalFolderSides()
        let from = try sides.openSide(at: source)
        let to = try sides.openSide(at: disk)
        let dense = try #require(try from.entry(at: RelativePath("dense.bin")))
        #expect {
            _ = try to.stageCopy(of: dense.path, from: from, expected: dense, to: dense.path)
        } throws: { error in
            guard case TreeError.io(let path, ENOSPC, let message) = error else { return false }
            return path == dense.path && message.contains("2.0 MiB") && message.contains("nothing was written")
        }
        #expect(try DirectoryListing.names(in: disk.path).isEmpty, "no temporary file")
        let holes = try #require(try from.entry(at: RelativePath("sparse.bin")))
        let staged = try to.stageCopy(of: holes.path, from: from, expected: holes, to: holes.path)
        #expect(try to.commit([staged]).first?.get().size == 4 << 20)
    }
}

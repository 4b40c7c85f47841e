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

@Suite("A move across a mount point inside a root")
struct CrossDeviceTests {
    @Test(
        "is io with EXDEV naming the source (what sync recognises), and moves nothing",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mount")))
    func exdev() throws {
        let folder = try TemporaryFolder()
        let root = try folder.folder("root")
        let mountPoint = try folder.folder("root/mnt")
        // Where mounting is not allowed (no CAP_SYS_ADMIN), there is nothing to test.
        guard ScratchDisk.mount(size: "64k", on: mountPoint) else { return }
        defer { ScratchDisk.unmount(mountPoint) }
        try AtomicFileWriter.write(Data("on another disk".utf8), to: mountPoint.appending(path: "a.txt").path)

        let source = try RelativePath("mnt/a.txt")
        let mutator = POSIXTreeMutator()
        #expect {
            try mutator.moveItem(source, to: try RelativePath("a.txt"), in: root)
        } throws: { error in
            guard case TreeError.io(source, EXDEV, let message) = error else { return false }
            return !message.isEmpty
        }
        #expect(try DirectoryListing.names(in: mountPoint.path) == ["a.txt"])
        #expect(try DirectoryListing.names(in: root.path) == ["mnt"])
    }
}

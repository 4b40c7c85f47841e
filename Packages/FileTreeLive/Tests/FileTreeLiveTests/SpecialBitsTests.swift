import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

@Suite("Set-user-ID, set-group-ID and sticky bits never travel, on the real file system")
struct SpecialBitsTests {
    let folder: TemporaryFolder
    let source: URL
    let destination: URL

    init() throws {
        folder = try TemporaryFolder()
        source = try folder.folder("source")
        destination = try folder.folder("destination")
    }

    @Test("a 06755 file is copied as 0755 on disk, even into a set-group-ID, sticky folder")
    func copiedFile() throws {
        let drop = try folder.folder("destination/drop")
        try FileDescriptor.directory(drop.path).setPermissions(0o3777)
        try AtomicFileWriter.write(
            Data("#!/bin/sh\n".utf8), to: source.appending(path: "tool").path, mode: .exactly(0o6755))
        #expect(try FileStatus.of(source.appending(path: "tool").path).permissions & 0o7000 != 0)
        let tool = try RelativePath("tool")
        let expected = try #require(try POSIXTreeScanner().entry(at: tool, in: source))
        _ = try POSIXFileCopier().copyFile(
            tool, in: source, expected: expected, to: try RelativePath("drop/tool"), in: destination)
        #expect(try FileStatus.of(drop.appending(path: "tool").path).permissions == 0o755)
    }

    @Test("a folder made inside a 01777 or a set-group-ID folder has no special bits")
    func madeFolder() throws {
        for (name, bits) in [("sticky", UInt32(0o1777)), ("setgid", UInt32(0o3777))] {
            _ = try folder.folder("destination/\(name)")
            try FileDescriptor.directory(destination.appending(path: name).path).setPermissions(bits)
            try POSIXTreeMutator().makeDirectory(try RelativePath("\(name)/new"), in: destination)
            let made = try FileStatus.of(destination.appending(path: "\(name)/new").path).permissions
            #expect(
                made & 0o7000 == 0, "a folder made in a \(String(bits, radix: 8)) folder has \(String(made, radix: 8))")
        }
    }

    @Test("setPermissions never sets special bits on disk")
    func setPermissions() throws {
        _ = try folder.folder("destination/shared")
        try POSIXTreeMutator().setPermissions(0o1777, of: try RelativePath("shared"), in: destination)
        #expect(try FileStatus.of(destination.appending(path: "shared").path).permissions == 0o777)
    }
}

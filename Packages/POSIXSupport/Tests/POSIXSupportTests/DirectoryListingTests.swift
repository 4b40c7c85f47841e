import Foundation
import POSIXSupport
import Testing

@Suite("Folder listings: every name's bytes exactly, without . and ..")
struct DirectoryListingTests {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "posix-listing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Makes an empty file whose name is `name`'s bytes.
    func makeFile(named name: [UInt8]) throws {
        let full = Array(path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = full.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_EXCL, 0o644) }
        }
        #expect(descriptor >= 0, "made \(name.count)-byte name")
        if descriptor >= 0 { close(descriptor) }
    }

    @Test("names of every length from 1 to 255 bytes, dotted names and bytes past ASCII come back whole")
    func everyLength() throws {
        var expected: Set<[UInt8]> = []
        for length in 1...255 {
            // Each name differs from the others in its last byte too, so a name cut short or run
            // on into the next entry's bytes would not be in the set.
            let name = Array(repeating: UInt8(ascii: "a"), count: length - 1) + [UInt8(ascii: "z")]
            expected.insert(name)
        }
        for name in ["...", "..a", ".a", "é", "\u{FFFD}"].map({ Array($0.utf8) }) + [[0xFF, 0xFE], [0x2E, 0x80]] {
            expected.insert(name)
        }
        for name in expected { try makeFile(named: name) }
        let folder = try FileDescriptor.directory(path)
        let raw = try DirectoryListing.rawNames(in: folder)
        #expect(raw.count == expected.count)
        #expect(Set(raw.map { Array($0) }) == expected)
        let text = try DirectoryListing.names(in: path)
        #expect(Set(text) == Set(expected.map { String(decoding: $0, as: UTF8.self) }))
    }

    @Test("an empty folder lists nothing: . and .. are left out")
    func emptyFolder() throws {
        let folder = try FileDescriptor.directory(path)
        #expect(try DirectoryListing.rawNames(in: folder).isEmpty)
        #expect(try DirectoryListing.names(in: path).isEmpty)
    }
}

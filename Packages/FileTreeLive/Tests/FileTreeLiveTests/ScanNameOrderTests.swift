import FileTreeInterface
import Foundation
import POSIXSupport
import Testing

@testable import FileTreeLive

#if canImport(Glibc)
    import Glibc
#endif

/// A scan puts each folder's names in byte order by their first eight bytes, comparing the rest
/// only on a tie; the order must be the names' own, however they share their beginnings.
@Suite("The order of a folder's names")
struct ScanNameOrderTests {
    /// Creates a file for each name (raw bytes) in a fresh folder, and lists it.
    static func listed(_ names: [[UInt8]], in folder: TemporaryFolder) throws -> RawNames {
        let descriptor = try FileDescriptor.directory(folder.url.path)
        for name in names {
            let text = name.map { CChar(bitPattern: $0) } + [0]
            let fd = openat(descriptor.rawValue, text, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            #expect(fd >= 0, "\(name)")
            close(fd)
        }
        return try DirectoryListing.rawNames(in: descriptor)
    }

    @Test("names sharing eight or more bytes, one the start of another, and past ASCII come in byte order")
    func byteOrder() throws {
        var state: UInt64 = 0x5EED  // a fixed sequence (a linear congruential generator)
        func pick(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % count
        }
        let stems: [[UInt8]] = [[], Array("abcdefgh".utf8), Array("abcdefg".utf8), [0xC3, 0xA9], [0xFF, 0x7F]]
        let alphabet: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "b"), 0x01, 0x80, 0xFE]
        var names = Set<[UInt8]>()
        while names.count < 300 {
            let name = stems[pick(stems.count)] + (0..<pick(11)).map { _ in alphabet[pick(alphabet.count)] }
            let isDots = name.count <= 2 && name.allSatisfy { $0 == UInt8(ascii: ".") }
            if !name.isEmpty && !isDots { names.insert(name) }
        }
        let folder = try TemporaryFolder()
        let listed = try Self.listed(Array(names), in: folder)
        let ordered = POSIXTreeScanner.inByteOrder(listed).map { Array(listed[$0]) }
        #expect(ordered == names.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test("a name's text: ASCII and valid UTF-8 as they are, anything else none")
    func text() {
        #expect(POSIXTreeScanner.text(of: ArraySlice("plain.txt".utf8)) == "plain.txt")
        #expect(POSIXTreeScanner.text(of: ArraySlice("été ✓".utf8)) == "été ✓")
        #expect(POSIXTreeScanner.text(of: [0x62, 0xFF, 0x63][...]) == nil)
        #expect(POSIXTreeScanner.text(of: [0x61, 0xC3][...]) == nil)
        #expect(POSIXTreeScanner.text(of: [0xED, 0xA0, 0x80][...]) == nil)  // a surrogate's encoding
    }
}

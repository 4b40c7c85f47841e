import Testing

@testable import SyncEngine

/// The archive's table is sized by counting its lines eight bytes at a time; the count must be
/// exact, whatever the length and whatever bytes sit around the newlines.
@Suite("The archive's line count")
struct ArchiveLineCountTests {
    @Test("equals a byte-by-byte count for every length up to 80 and bytes near a newline's value")
    func matchesNaiveCount() {
        var generator = SeededGenerator(seed: 0x5EED)
        // Bytes that differ from a newline (0x0A) in one bit, or only in the top bit, are where a
        // word-at-a-time count goes wrong if it goes wrong anywhere.
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x08, 0x8A, 0x0E, 0x2A, 0x00, 0xFF, 0x7F, 0x80, 0x09, 0x1A, 0x4A]
        for length in 0...80 {
            for _ in 0..<25 {
                let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                let expected = bytes.count { $0 == 10 }
                let counted = bytes.withUnsafeBufferPointer { ArchiveCodec.lineCount($0) }
                #expect(counted == expected, "\(bytes)")
            }
        }
    }

    @Test("the first newline or tab from any start to any end is where a byte-by-byte search finds it")
    func firstIndexMatchesNaiveSearch() {
        var generator = SeededGenerator(seed: 0xF1D)
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x08, 0x8A, 0x89, 0x09, 0x00, 0xFF, 0x7F, 0x80, 0x19, 0x1A, 0x4A]
        var searches = 0
        var wrong: [String] = []
        for length in 0...40 {
            for _ in 0..<10 {
                let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                for start in 0...length {
                    for end in start...length {
                        for wanted: UInt8 in [10, 9] {
                            let expected = bytes[start..<end].firstIndex(of: wanted) ?? end
                            let found = bytes.withUnsafeBufferPointer {
                                ArchiveCodec.firstIndex(of: wanted, in: $0, from: start, before: end)
                            }
                            searches += 1
                            if found != expected { wrong.append("\(bytes) \(start)..<\(end) \(wanted): \(found)") }
                        }
                    }
                }
            }
        }
        #expect(searches > 100_000)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("all newlines, and none")
    func extremes() {
        for length in [0, 1, 7, 8, 9, 64, 1000] {
            let newlines = [UInt8](repeating: 10, count: length)
            let others = [UInt8](repeating: 0x8A, count: length)
            #expect(newlines.withUnsafeBufferPointer { ArchiveCodec.lineCount($0) } == length)
            #expect(others.withUnsafeBufferPointer { ArchiveCodec.lineCount($0) } == 0)
        }
    }
}

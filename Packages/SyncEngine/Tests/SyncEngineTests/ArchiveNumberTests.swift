import FileTreeInterface
import Testing

@testable import SyncEngine

/// The archive writes its numbers digit by digit into bytes; they must read as Swift prints them.
@Suite("The archive's numbers")
struct ArchiveNumberTests {
    @Test("decimal digits are Swift's, at the extremes and for 2,000 seeded values of each width")
    func decimals() {
        var generator = SeededGenerator(seed: 0xDEC1)
        var signed: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1]
        var unsigned: [UInt64] = [0, 1, 9, 10, UInt64.max, UInt64.max - 1, 1 << 63]
        for _ in 0..<2000 {
            let bits = generator.next()
            signed.append(Int64(bitPattern: bits >> (bits % 64)))
            unsigned.append(generator.next() >> (bits % 64))
        }
        for value in signed {
            var out: [UInt8] = [7]
            ArchiveCodec.appendDecimal(value, to: &out)
            #expect(out == [7] + Array(String(value).utf8), "\(value)")
        }
        for value in unsigned {
            var out: [UInt8] = []
            ArchiveCodec.appendDecimal(value, to: &out)
            #expect(out == Array(String(value).utf8), "\(value)")
        }
    }

    @Test(
        "decimals read back as written, at the extremes, for 2,000 seeded values of each width, and beyond range none")
    func readBack() {
        var generator = SeededGenerator(seed: 0xBAC4)
        var signed: [Int64] = [0, 1, -1, 9, 10, -10, Int64.max, Int64.min, Int64.min + 1, -999_999_999_999_999_999]
        var unsigned: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1, 1 << 63, 9_999_999_999_999_999_999]
        for _ in 0..<2000 {
            let bits = generator.next()
            signed.append(Int64(bitPattern: bits >> (bits % 64)))
            unsigned.append(generator.next() >> (bits % 64))
        }
        for value in signed {
            #expect(ArchiveCodec.parseInteger(Array(String(value).utf8)) == value, "\(value)")
            #expect(ArchiveCodec.parseInteger(Array(String(value).utf8)) == Int32(exactly: value), "\(value)")
        }
        for value in unsigned {
            #expect(ArchiveCodec.parseInteger(Array(String(value).utf8)) == value, "\(value)")
            #expect(ArchiveCodec.parseInteger(Array(String(value).utf8)) == Int64(exactly: value), "\(value)")
        }
        let beyondSigned = [
            "9223372036854775808", "-9223372036854775809", "-9999999999999999999", "99999999999999999999",
        ]
        for text in beyondSigned {
            let parsed: Int64? = ArchiveCodec.parseInteger(Array(text.utf8))
            #expect(parsed == nil, "\(text)")
        }
        for text in ["18446744073709551616", "99999999999999999999", "-1", "123456789012345678901"] {
            let parsed: UInt64? = ArchiveCodec.parseInteger(Array(text.utf8))
            #expect(parsed == nil, "\(text)")
        }
        #expect(ArchiveCodec.parseInteger(Array("-0".utf8)) == UInt64(0))
        #expect(ArchiveCodec.parseInteger(Array("0000000000000000001".utf8)) == UInt64(1))
    }

    @Test("a digit spoiled anywhere in a number of 1 to 20 digits, by any byte that is not a digit, gives none")
    func spoiledDigits() {
        var wrong: [String] = []
        for length in 1...20 {
            let digits = Array(String(repeating: "9876543210", count: 2).utf8.prefix(length))
            for position in 0..<length {
                for byte in (UInt8(0)...255).filter({ !(48...57).contains($0) }) {
                    var spoiled = digits
                    spoiled[position] = byte
                    let parsed: UInt64? = ArchiveCodec.parseInteger(spoiled)
                    if parsed != nil { wrong.append("\(spoiled)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("octal modes are Swift's radix-8 text, and read back")
    func octal() throws {
        for value in Array(UInt32(0)...0o7777) + [UInt32.max, 1 << 31, 0o10000] {
            var out: [UInt8] = []
            ArchiveCodec.appendOctal(value, to: &out)
            #expect(out == Array(String(value, radix: 8).utf8), "\(value)")
            if value <= 0o7777 { #expect(try ArchiveCodec.parseMode(out) == value & 0o777) }
        }
        for bad in ["", "8", "19", "12345", "7a", "-7", "--", " 7"] {
            #expect(throws: ArchiveProblem.corrupt("mode"), "\(bad)") { try ArchiveCodec.parseMode(Array(bad.utf8)) }
        }
    }

    @Test("a decimal field with anything but digits (after one leading minus) is no number")
    func notDecimals() {
        for text in ["", "-", "1a", "a1", "1 2", "+1", "--1", "1-", "0x10", "١٢", "12.5", "/", ":"] {
            let parsed: Int64? = ArchiveCodec.parseInteger(Array(text.utf8))
            #expect(parsed == nil, "\(text)")
        }
        #expect(ArchiveCodec.parseInteger(Array("-0".utf8)) == Int64(0))
        #expect(ArchiveCodec.parseInteger(Array("0123".utf8)) == Int64(123))
    }

    @Test("the room reserved for an encoding holds the longest records there can be, and is not far above a usual one")
    func encodingRoom() throws {
        let widest = SideSnapshot(
            size: Int64.min, modificationNanoseconds: Int64.min, identity: FileIdentity(high: .max, low: .max),
            permissions: 0o7777)
        var archive = Archive(pair: "%\t\n", generation: Int.max)
        for index in 0..<50 {
            let path = try RelativePath("%\t\n\r/" + String(repeating: "%", count: index + 1))
            archive.records[path] = ArchiveRecord(
                path: path, kind: .symbolicLink, size: Int64.min, digest: ContentDigest(high: .max, low: .max),
                local: widest, container: widest)
        }
        let worst = try archive.encoded().count
        #expect(worst <= ArchiveCodec.capacity(for: archive))
        #expect(worst * 2 > ArchiveCodec.capacity(for: archive))
    }
}

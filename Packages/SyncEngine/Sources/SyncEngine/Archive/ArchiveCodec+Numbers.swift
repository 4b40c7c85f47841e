/// Numbers written and read as bytes, building no String (the archive holds eight per path).
extension ArchiveCodec {
    /// Permission bits from octal digits; nil for `-`.
    static func parseMode<Bytes: Collection<UInt8>>(_ digits: Bytes) throws -> UInt32? {
        if digits.count == 1 && digits.first == UInt8(ascii: "-") { return nil }
        guard (1...4).contains(digits.count), digits.allSatisfy({ (48...55).contains($0) }) else {
            throw ArchiveProblem.corrupt("mode")
        }
        // Read in place (making a String of the digits first cost 320 instructions a mode).
        return digits.reduce(0) { $0 << 3 | UInt32($1 - 48) } & 0o777
    }

    /// Appends a number's decimal digits (with a leading `-` when negative), building no String:
    /// the digits are written backwards into a small buffer and appended at once. For the archive's
    /// integers (at most 64 bits).
    static func appendDecimal<T: BinaryInteger>(_ value: T, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var index = 20
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<20]))
        }
    }

    /// Appends permission bits as octal digits (`644`), building no String.
    static func appendOctal(_ value: UInt32, to out: inout [UInt8]) {
        var shift = 30
        while shift > 0 && value >> UInt32(shift) == 0 { shift -= 3 }
        while shift >= 0 {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: (value >> UInt32(shift)) & 7))
            shift -= 3
        }
    }

    /// Appends sixteen lower-case hexadecimal digits.
    static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(lowerHex[Int((value >> UInt64(shift)) & 15)])
        }
    }

    private static let lowerHex = Array("0123456789abcdef".utf8)

    /// Sixteen hexadecimal digits (either case) as a number.
    static func parseHex<Bytes: Collection<UInt8>>(_ digits: Bytes) -> UInt64? {
        guard digits.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// A decimal integer read straight from bytes (an optional leading `-`), without building a
    /// String: the archive holds six numbers per path.
    static func parseInteger<T: FixedWidthInteger, Bytes: Collection<UInt8>>(_ bytes: Bytes) -> T? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        if digits.count <= 19 {
            // Below 10^19 < 2^64, so no step can overflow: no check per digit (a time in
            // nanoseconds has 19 digits; checking each digit cost 260 instructions a number).
            var magnitude: UInt64 = 0
            for byte in digits {
                let digit = byte &- 48
                guard digit <= 9 else { return nil }
                magnitude = magnitude &* 10 &+ UInt64(digit)
            }
            guard negative else { return T(exactly: magnitude) }
            guard magnitude <= Int64.min.magnitude else { return nil }
            return T(exactly: magnitude == Int64.min.magnitude ? Int64.min : -Int64(magnitude))
        }
        var value: T = 0
        for byte in digits {
            guard byte >= 48 && byte <= 57 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = T(byte - 48)
            let (next, overflow2) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
        }
        return value
    }
}

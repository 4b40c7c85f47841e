import FileTreeInterface
import Foundation

/// The archive's compact text format: one line per record, parsed byte by byte, so a 100,000-path
/// archive loads and saves in milliseconds (a JSON decoder takes seconds).
///
/// ```text
/// synccli-archive 2
/// pair <name, escaped>
/// generation <n>
/// container <id> <sequence>          (optional: the container copy the records describe)
/// <f|d|l> <size> <digest hex or -> <local mtime> <local device> <local inode> <container mtime> <container device> <container inode> <local mode> <container mode> <path, escaped>
/// ```
/// A mode is octal permission bits, or `-` when unknown. Version 1 (still read) has no mode
/// fields: its modes are unknown, and a mode change is not propagated until a sync records them.
/// Fields are separated by one tab. Escaping writes `%`, tab, newline and carriage return as
/// `%25`, `%09`, `%0A`, `%0D`; every other byte is kept, so names stay byte-exact.
enum ArchiveCodec {
    static let magic = "synccli-archive"

    static func encode(_ archive: Archive) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + archive.records.count * 96)
        out += Array("\(magic) \(Archive.currentVersion)\npair ".utf8)
        escape(archive.pair, into: &out)
        out += Array("\ngeneration \(archive.generation)\n".utf8)
        if let container = archive.container {
            out += Array("container \(container.id) \(container.sequence)\n".utf8)
        }
        for path in archive.records.keys.sorted() {
            guard let record = archive.records[path] else { continue }
            out.append(kindByte(record.kind))
            out.append(9)
            appendDecimal(record.size, to: &out)
            out.append(9)
            if let digest = record.digest {
                appendHex(digest.high, to: &out)
                appendHex(digest.low, to: &out)
            } else {
                out.append(UInt8(ascii: "-"))
            }
            append(record.local, to: &out)
            append(record.container, to: &out)
            appendMode(record.local.permissions, to: &out)
            appendMode(record.container.permissions, to: &out)
            out.append(9)
            escape(record.path.text, into: &out)
            out.append(10)
        }
        return Data(out)
    }

    /// Appends one side's time, device and inode, each after a tab.
    private static func append(_ snapshot: SideSnapshot, to out: inout [UInt8]) {
        out.append(9)
        appendDecimal(snapshot.modificationNanoseconds, to: &out)
        out.append(9)
        appendDecimal(snapshot.identity.device, to: &out)
        out.append(9)
        appendDecimal(snapshot.identity.inode, to: &out)
    }

    /// Appends a tab and permission bits in octal, or `-` when unknown.
    private static func appendMode(_ mode: UInt32?, to out: inout [UInt8]) {
        out.append(9)
        guard let mode else {
            out.append(UInt8(ascii: "-"))
            return
        }
        out += Array(String(mode, radix: 8).utf8)
    }

    /// Permission bits from octal digits; nil for `-`.
    private static func parseMode<Bytes: Collection<UInt8>>(_ digits: Bytes) throws -> UInt32? {
        if digits.count == 1 && digits.first == UInt8(ascii: "-") { return nil }
        guard (1...4).contains(digits.count), digits.allSatisfy({ (48...55).contains($0) }),
            let mode = UInt32(String(decoding: digits, as: UTF8.self), radix: 8)
        else { throw ArchiveProblem.corrupt("mode") }
        return mode & 0o777
    }

    /// Appends a number's decimal digits (with a leading `-` when negative), building no String.
    static func appendDecimal<T: BinaryInteger>(_ value: T, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    /// Appends sixteen lower-case hexadecimal digits.
    private static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(lowerHex[Int((value >> UInt64(shift)) & 15)])
        }
    }

    private static let lowerHex = Array("0123456789abcdef".utf8)

    static func decode(_ data: Data, pair: String) throws -> Archive {
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { try decode($0, pair: pair) }
    }

    /// Decodes in one pass over the bytes: lines and fields are index ranges, numbers are parsed
    /// in place, and only each path becomes a String.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, pair: String) throws -> Archive {
        var lines = Lines(bytes: bytes)
        guard let header = lines.next(), bytes[header].starts(with: magic.utf8) else {
            throw ArchiveProblem.corrupt("not an archive document")
        }
        let version = Int(String(decoding: bytes[header].dropFirst(magic.utf8.count + 1), as: UTF8.self))
        guard let version else { throw ArchiveProblem.corrupt("no version") }
        guard version == 1 || version == Archive.currentVersion else {
            throw ArchiveProblem.unsupportedVersion(version)
        }
        guard let pairLine = lines.next(), bytes[pairLine].starts(with: "pair ".utf8),
            let generationLine = lines.next(), bytes[generationLine].starts(with: "generation ".utf8),
            let generation: Int = parseInteger(bytes[generationLine].dropFirst(11))
        else { throw ArchiveProblem.corrupt("malformed header") }
        let storedPair = try unescape(bytes[pairLine].dropFirst(5))
        guard storedPair == pair else { throw ArchiveProblem.corrupt("it belongs to pair \(storedPair)") }
        var records: [RelativePath: ArchiveRecord] = [:]
        records.reserveCapacity(bytes.count / 64)
        var number = 0
        var container: ContainerStamp?
        var next = lines.next()
        var nextEnded = lines.endedWithNewline
        if let line = next, bytes[line].starts(with: "container ".utf8) {
            guard nextEnded else { throw ArchiveProblem.corrupt("truncated") }
            container = try containerStamp(bytes[line].dropFirst(10))
            next = lines.next()
            nextEnded = lines.endedWithNewline
        }
        while let line = next {
            let ended = nextEnded
            next = lines.next()
            nextEnded = lines.endedWithNewline
            number += 1
            if line.isEmpty { continue }
            guard ended else { throw ArchiveProblem.corrupt("truncated") }
            guard let record = try? record(from: bytes[line], withModes: version >= 2) else {
                throw ArchiveProblem.corrupt("record \(number) is malformed")
            }
            records[record.path] = record
        }
        return Archive(pair: pair, generation: generation, records: records, container: container)
    }

    /// The `container` header line's id and sequence.
    private static func containerStamp(_ field: Slice<UnsafeBufferPointer<UInt8>>) throws -> ContainerStamp {
        guard let space = field.firstIndex(of: 32),
            let sequence: Int = parseInteger(field[field.index(after: space)...]), sequence >= 0,
            let id = String(validating: field[..<space], as: UTF8.self), ContainerStamp.isValidID(id)
        else { throw ArchiveProblem.corrupt("malformed container line") }
        return ContainerStamp(id: id, sequence: sequence)
    }

    /// The lines of a buffer as index ranges, without their newline.
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// Whether the last line returned ended with a newline (a complete line).
        private(set) var endedWithNewline = true

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            var end = position
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            let line = position..<end
            endedWithNewline = end < bytes.count
            position = end + 1
            return line
        }
    }

    /// One record line; `withModes` for version 2, whose lines have the two mode fields.
    private static func record(from line: Slice<UnsafeBufferPointer<UInt8>>, withModes: Bool) throws -> ArchiveRecord {
        let count = withModes ? 12 : 10
        var fields: [Range<Int>] = []
        fields.reserveCapacity(count)
        var start = line.startIndex
        for index in line.indices where line[index] == 9 && fields.count < count - 1 {
            fields.append(start..<index)
            start = index + 1
        }
        fields.append(start..<line.endIndex)
        let base = line.base
        guard fields.count == count, fields[0].count == 1, let kind = kind(base[fields[0].lowerBound]) else {
            throw ArchiveProblem.corrupt("fields")
        }
        func number<T: FixedWidthInteger>(_ index: Int) throws -> T {
            guard let value: T = parseInteger(base[fields[index]]) else { throw ArchiveProblem.corrupt("number") }
            return value
        }
        var digest: ContentDigest?
        let digestField = base[fields[2]]
        if !(digestField.count == 1 && digestField.first == UInt8(ascii: "-")) {
            guard digestField.count == 32, let high = parseHex(digestField.prefix(16)),
                let low = parseHex(digestField.suffix(16))
            else { throw ArchiveProblem.corrupt("digest") }
            digest = ContentDigest(high: high, low: low)
        }
        let text = try unescape(base[fields[count - 1]])
        let path = text.isEmpty ? RelativePath.root : try RelativePath(text)
        let size: Int64 = try number(1)
        let local = SideSnapshot(
            size: size, modificationNanoseconds: try number(3),
            identity: FileIdentity(device: try number(4), inode: try number(5)),
            permissions: withModes ? try parseMode(base[fields[9]]) : nil)
        let container = SideSnapshot(
            size: size, modificationNanoseconds: try number(6),
            identity: FileIdentity(device: try number(7), inode: try number(8)),
            permissions: withModes ? try parseMode(base[fields[10]]) : nil)
        return ArchiveRecord(path: path, kind: kind, size: size, digest: digest, local: local, container: container)
    }

    /// Sixteen hexadecimal digits (either case) as a number.
    private static func parseHex<Bytes: Collection<UInt8>>(_ digits: Bytes) -> UInt64? {
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

    private static func kindByte(_ kind: EntryKind) -> UInt8 {
        switch kind {
        case .file: UInt8(ascii: "f")
        case .directory: UInt8(ascii: "d")
        case .symbolicLink: UInt8(ascii: "l")
        }
    }

    private static func kind(_ byte: UInt8) -> EntryKind? {
        switch byte {
        case UInt8(ascii: "f"): .file
        case UInt8(ascii: "d"): .directory
        case UInt8(ascii: "l"): .symbolicLink
        default: nil
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    private static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == 37 || byte == 9 || byte == 10 || byte == 13 {
                out += [37, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
    }

    private static func unescape<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws -> String where Bytes.Index == Int {
        guard bytes.contains(37) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 37 {
                guard index + 2 < bytes.endIndex,
                    let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
                else {
                    throw ArchiveProblem.corrupt("escape")
                }
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

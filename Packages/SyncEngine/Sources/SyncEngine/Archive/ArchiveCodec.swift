import FileTreeInterface
import Foundation

/// The archive's compact text format: one line per record, parsed byte by byte, so a 100,000-path
/// archive loads and saves in milliseconds (a JSON decoder takes seconds).
///
/// ```text
/// synccli-archive 1
/// pair <name, escaped>
/// generation <n>
/// <f|d|l> <size> <digest hex or -> <local mtime> <local device> <local inode> <container mtime> <container device> <container inode> <path, escaped>
/// ```
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
        for record in archive.records.values.sorted(by: { $0.path < $1.path }) {
            out.append(kindByte(record.kind))
            for number in [record.size] { out.append(9); out += Array(String(number).utf8) }
            out.append(9)
            out += record.digest.map { Array($0.description.utf8) } ?? [UInt8(ascii: "-")]
            for snapshot in [record.local, record.container] {
                out.append(9); out += Array(String(snapshot.modificationNanoseconds).utf8)
                out.append(9); out += Array(String(snapshot.identity.device).utf8)
                out.append(9); out += Array(String(snapshot.identity.inode).utf8)
            }
            out.append(9)
            escape(record.path.text, into: &out)
            out.append(10)
        }
        return Data(out)
    }

    static func decode(_ data: Data, pair: String) throws -> Archive {
        let bytes = [UInt8](data)
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)[...]
        guard let header = lines.popFirst(), header.starts(with: Array(magic.utf8)) else {
            throw ArchiveProblem.corrupt("not an archive document")
        }
        let version = Int(String(decoding: header.dropFirst(magic.utf8.count + 1), as: UTF8.self))
        guard let version else { throw ArchiveProblem.corrupt("no version") }
        guard version == Archive.currentVersion else { throw ArchiveProblem.unsupportedVersion(version) }
        guard let pairLine = lines.popFirst(), pairLine.starts(with: Array("pair ".utf8)),
              let generationLine = lines.popFirst(), generationLine.starts(with: Array("generation ".utf8)),
              let generation = Int(String(decoding: generationLine.dropFirst(11), as: UTF8.self))
        else { throw ArchiveProblem.corrupt("malformed header") }
        let storedPair = try unescape(pairLine.dropFirst(5))
        guard storedPair == pair else { throw ArchiveProblem.corrupt("it belongs to pair \(storedPair)") }
        var records: [RelativePath: ArchiveRecord] = [:]
        records.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() where !line.isEmpty {
            guard let record = try? record(from: line) else {
                throw ArchiveProblem.corrupt("record \(number + 1) is malformed")
            }
            records[record.path] = record
        }
        if lines.last.map({ !$0.isEmpty }) == true { throw ArchiveProblem.corrupt("truncated") }
        return Archive(pair: pair, generation: generation, records: records)
    }

    private static func record(from line: ArraySlice<UInt8>) throws -> ArchiveRecord {
        let fields = line.split(separator: 9, maxSplits: 9, omittingEmptySubsequences: false)
        guard fields.count == 10, fields[0].count == 1, let kind = kind(fields[0].first ?? 0) else {
            throw ArchiveProblem.corrupt("fields")
        }
        func number<T: FixedWidthInteger>(_ index: Int) throws -> T {
            guard let value: T = parseInteger(fields[index]) else { throw ArchiveProblem.corrupt("number") }
            return value
        }
        let digestText = String(decoding: fields[2], as: UTF8.self)
        var digest: ContentDigest?
        if digestText != "-" {
            guard digestText.utf8.count == 32, let high = UInt64(digestText.prefix(16), radix: 16),
                  let low = UInt64(digestText.suffix(16), radix: 16)
            else { throw ArchiveProblem.corrupt("digest") }
            digest = ContentDigest(high: high, low: low)
        }
        let text = try unescape(fields[9])
        let path = text.isEmpty ? RelativePath.root : try RelativePath(text)
        let local = SideSnapshot(size: try number(1), modificationNanoseconds: try number(3),
                                 identity: FileIdentity(device: try number(4), inode: try number(5)))
        let container = SideSnapshot(size: try number(1), modificationNanoseconds: try number(6),
                                     identity: FileIdentity(device: try number(7), inode: try number(8)))
        return ArchiveRecord(path: path, kind: kind, size: try number(1), digest: digest, local: local, container: container)
    }

    /// A decimal integer read straight from bytes (an optional leading `-`), without building a
    /// String: the archive holds six numbers per path.
    static func parseInteger<T: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>) -> T? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: T = 0
        for byte in digits {
            guard byte >= 48 && byte <= 57 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let digit = T(byte - 48)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
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

    private static func unescape(_ bytes: ArraySlice<UInt8>) throws -> String {
        guard bytes.contains(37) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 37 {
                guard index + 2 < bytes.endIndex, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else {
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

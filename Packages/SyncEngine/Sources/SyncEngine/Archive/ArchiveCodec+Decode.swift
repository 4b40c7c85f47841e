import FileTreeInterface
import Foundation

/// Reading the format back: one pass over the bytes.
extension ArchiveCodec {
    /// Decodes `data` where it lies (no copy of the bytes: the archive of 100,000 files is 10 MB).
    static func decode(_ data: Data, pair: String) throws -> Archive {
        try data.withUnsafeBytes { raw in try decode(raw.bindMemory(to: UInt8.self), pair: pair) }
    }

    /// Decodes in one pass over the bytes: lines and fields are index ranges, numbers are parsed
    /// in place, and only each path becomes a String.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, pair: String) throws -> Archive {
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
        var records: [ArchiveRecord] = []
        // One record a line: counting them first sizes the array once and no larger than it must
        // be (an estimate from the byte count doubled it for 10,000 files: 5.5 MiB instead of 2.8).
        records.reserveCapacity(lineCount(bytes))
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
            records.append(record)
        }
        // Written in path order, so kept as read (a file out of order is sorted; for a path
        // listed twice the first counts).
        return Archive(pair: pair, generation: generation, records: ArchiveRecords(records), container: container)
    }

    /// How many newlines `bytes` holds, eight bytes at a time (a byte-by-byte count cost 9
    /// instructions a byte, 4% of a no-op sync of 10,000 files).
    static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        var count = 0
        var offset = 0
        while offset + 8 <= raw.count {
            count += matches(of: 10, in: raw, at: offset).nonzeroBitCount
            offset += 8
        }
        return count + raw[offset...].count { $0 == 10 }
    }

    /// The eight bytes at `offset` as one little-endian word with only the top bit of each byte
    /// equal to `byte` set (exact: no other byte's bit is, whatever the bytes around it).
    private static func matches(of byte: UInt8, in raw: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // Bytes equal to `byte` become 0, and the top bit of each zero byte alone survives.
        let word =
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((word & low) &+ low) | word | low)
    }

    /// The index of the first `byte` in `bytes[start..<end]`, or `end` when there is none; read
    /// eight bytes at a time (byte by byte, finding the lines and fields of an archive cost
    /// 12 instructions a byte, 6% of a no-op sync).
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int)
        -> Int
    {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = start
        while offset + 8 <= end {
            let found = matches(of: byte, in: raw, at: offset)
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < end, bytes[offset] != byte { offset += 1 }
        return offset
    }

    /// The `container` header line's id and sequence.
    static func containerStamp(_ field: Slice<UnsafeBufferPointer<UInt8>>) throws -> ContainerStamp {
        guard let space = field.firstIndex(of: 32),
            let sequence: Int = parseInteger(field[field.index(after: space)...]), sequence >= 0,
            let id = String(validating: field[..<space], as: UTF8.self), ContainerStamp.isValidID(id)
        else { throw ArchiveProblem.corrupt("malformed container line") }
        return ContainerStamp(id: id, sequence: sequence)
    }

    /// The lines of a buffer as index ranges, without their newline (also the journal's).
    struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the next line starts (a reader may move it past bytes that are not lines).
        var position = 0
        /// Whether the last line returned ended with a newline (a complete line).
        private(set) var endedWithNewline = true

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let end = ArchiveCodec.firstIndex(of: 10, in: bytes, from: position, before: bytes.count)
            let line = position..<end
            endedWithNewline = end < bytes.count
            position = end + 1
            return line
        }
    }

    /// One record line; `withModes` for version 2, whose lines have the two mode fields.
    static func record(from line: Slice<UnsafeBufferPointer<UInt8>>, withModes: Bool) throws -> ArchiveRecord {
        var fields = Fields(line)
        let base = line.base
        guard let kindField = fields.next(), kindField.count == 1, let kind = kind(base[kindField.lowerBound]) else {
            throw ArchiveProblem.corrupt("fields")
        }
        func number<T: FixedWidthInteger>() throws -> T {
            guard let field = fields.next(), let value: T = parseInteger(base[field]) else {
                throw ArchiveProblem.corrupt("number")
            }
            return value
        }
        let size: Int64 = try number()
        guard let digestField = fields.next().map({ base[$0] }) else { throw ArchiveProblem.corrupt("fields") }
        var digest: ContentDigest?
        if !(digestField.count == 1 && digestField.first == UInt8(ascii: "-")) {
            guard digestField.count == 32, let high = parseHex(digestField.prefix(16)),
                let low = parseHex(digestField.suffix(16))
            else { throw ArchiveProblem.corrupt("digest") }
            digest = ContentDigest(high: high, low: low)
        }
        let localTime: Int64 = try number()
        let localIdentity = FileIdentity(high: try number(), low: try number())
        let containerTime: Int64 = try number()
        let containerIdentity = FileIdentity(high: try number(), low: try number())
        var localMode: UInt32?
        var containerMode: UInt32?
        if withModes {
            guard let local = fields.next(), let container = fields.next() else {
                throw ArchiveProblem.corrupt("fields")
            }
            localMode = try parseMode(base[local])
            containerMode = try parseMode(base[container])
        }
        let text = try unescape(base[fields.rest])
        let path = text.isEmpty ? RelativePath.root : try RelativePath(text)
        let local = SideSnapshot(
            size: size, modificationNanoseconds: localTime, identity: localIdentity, permissions: localMode)
        let container = SideSnapshot(
            size: size, modificationNanoseconds: containerTime, identity: containerIdentity,
            permissions: containerMode)
        return ArchiveRecord(path: path, kind: kind, size: size, digest: digest, local: local, container: container)
    }

    /// A record line's tab-separated fields, read one after another where they lie (an array of
    /// their ranges cost a heap allocation a record); the last field, the path, is the rest of
    /// the line, tabs and all.
    struct Fields {
        private let bytes: Slice<UnsafeBufferPointer<UInt8>>
        private var position: Int

        init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        /// The next field, up to its tab; nil when no tab follows (too few fields).
        mutating func next() -> Range<Int>? {
            let end = ArchiveCodec.firstIndex(of: 9, in: bytes.base, from: position, before: bytes.endIndex)
            guard end < bytes.endIndex else { return nil }
            defer { position = end + 1 }
            return position..<end
        }

        /// What is left of the line.
        var rest: Range<Int> { position..<bytes.endIndex }
    }

    static func kind(_ byte: UInt8) -> EntryKind? {
        switch byte {
        case UInt8(ascii: "f"): .file
        case UInt8(ascii: "d"): .directory
        case UInt8(ascii: "l"): .symbolicLink
        default: nil
        }
    }
}

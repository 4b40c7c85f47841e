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
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0
        var offset = 0
        while offset + 8 <= raw.count {
            // Bytes equal to a newline become 0; the top bit of each zero byte, alone, survives.
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            count += (~(((word & low) &+ low) | word | low)).nonzeroBitCount
            offset += 8
        }
        return count + raw[offset...].count { $0 == 10 }
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
            var end = position
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            let line = position..<end
            endedWithNewline = end < bytes.count
            position = end + 1
            return line
        }
    }

    /// One record line; `withModes` for version 2, whose lines have the two mode fields.
    static func record(from line: Slice<UnsafeBufferPointer<UInt8>>, withModes: Bool) throws -> ArchiveRecord {
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
            identity: FileIdentity(high: try number(4), low: try number(5)),
            permissions: withModes ? try parseMode(base[fields[9]]) : nil)
        let container = SideSnapshot(
            size: size, modificationNanoseconds: try number(6),
            identity: FileIdentity(high: try number(7), low: try number(8)),
            permissions: withModes ? try parseMode(base[fields[10]]) : nil)
        return ArchiveRecord(path: path, kind: kind, size: size, digest: digest, local: local, container: container)
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

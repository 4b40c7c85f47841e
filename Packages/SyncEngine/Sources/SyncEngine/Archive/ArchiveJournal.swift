import FileTreeInterface
import Foundation

/// What syncs changed since the archive file was last written whole, kept beside it in
/// `archive.synccli-journal`, so a sync that changed 1% of a tree writes 1% of its records.
///
/// ```text
/// synccli-journal 1 <generation of the archive file it follows>
/// segment <from generation> <to generation> <body bytes> <FNV-1a 64 of the body, 16 hex digits>
/// container <id> <sequence>                (or "container -")
/// <record line, as in the archive file>    (a path recorded or recorded anew)
/// -<tab><path, escaped>                    (a path no longer recorded)
/// segment ...
/// ```
/// A segment is replayed only when it is whole (its length and checksum hold) and starts at the
/// generation reached so far; the first one that is not ends the replay. A crash while a
/// segment is appended leaves a torn one at the end: the archive is then the one before that
/// sync, as after a crash before an archive file is replaced. The file is only ever added to
/// when it was read whole and clean; otherwise the next save writes the archive file whole,
/// after removing the journal.
enum ArchiveJournal {
    /// The journal's file name, beside ``ArchiveStore/fileName``.
    static let fileName = "archive.synccli-journal"
    static let magic = "synccli-journal 1 "

    /// What was found in a journal.
    struct Replay: Equatable {
        /// Segments replayed.
        var segments = 0
        /// Whether every byte of it was a segment that was replayed (so it may be added to).
        var clean = false
    }

    /// The journal's first line, for a journal following an archive file of `generation`.
    static func header(following generation: Int) -> [UInt8] {
        Array("\(magic)\(generation)\n".utf8)
    }

    /// One sync's segment: the records of `changed` paths (each once, however often given) as
    /// `records` now has them (a path it lacks is a removal), and the container stamp.
    static func segment(
        from: Int, to: Int, container: ContainerStamp?, changed: some Sequence<RelativePath>,
        records: ArchiveRecords
    ) -> [UInt8] {
        var body: [UInt8] = []
        if let container {
            ArchiveCodec.appendContainer(container, to: &body)
        } else {
            body += Array("container -\n".utf8)
        }
        var previous: RelativePath?
        for path in changed.sorted() where path != previous {
            previous = path
            if let record = records[path] {
                ArchiveCodec.appendRecord(record, to: &body)
            } else {
                body += [UInt8(ascii: "-"), 9]
                ArchiveCodec.escape(path.text, into: &body)
                body.append(10)
            }
        }
        var out = Array("segment \(from) \(to) \(body.count) ".utf8)
        ArchiveCodec.appendHex(checksum(body[...]), to: &out)
        out.append(10)
        return out + body
    }

    /// FNV-1a, 64 bits: enough to tell a torn or overwritten segment from a whole one.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Replays the journal's segments onto `archive` (read from the archive file), in order,
    /// while each is whole and follows the generation reached.
    static func replay(_ data: Data, onto archive: inout Archive) -> Replay {
        data.withUnsafeBytes { raw in replay(raw.bindMemory(to: UInt8.self), onto: &archive) }
    }

    static func replay(_ bytes: UnsafeBufferPointer<UInt8>, onto archive: inout Archive) -> Replay {
        var replay = Replay()
        var lines = ArchiveCodec.Lines(bytes: bytes)
        guard let header = lines.next(), lines.endedWithNewline, bytes[header].starts(with: magic.utf8),
            let base: Int = ArchiveCodec.parseInteger(bytes[header].dropFirst(magic.utf8.count)),
            base == archive.generation
        else { return replay }
        while lines.position < bytes.count {
            guard let line = lines.next(), lines.endedWithNewline else { return replay }
            let position = lines.position
            let fields = bytes[line].split(separator: 32)
            guard fields.count == 5, fields[0].elementsEqual("segment".utf8),
                let from: Int = ArchiveCodec.parseInteger(fields[1]), from == archive.generation,
                let to: Int = ArchiveCodec.parseInteger(fields[2]), to > from,
                let length: Int = ArchiveCodec.parseInteger(fields[3]), length >= 0,
                length <= bytes.count - position,
                let sum = ArchiveCodec.parseHex(fields[4])
            else { return replay }
            let body = bytes[position..<(position + length)]
            guard checksum(body) == sum, let change = try? decodeBody(body) else { return replay }
            lines.position += length
            archive.container = change.container
            // One batch in path order: merged into the ordered records when it is large.
            var updates: [(path: RelativePath, value: ArchiveRecord?)] = change.set.map { ($0.path, $0) }
            updates += change.removed.map { ($0, nil) }
            archive.records.update(updates.sorted { $0.path < $1.path })
            archive.generation = to
            replay.segments += 1
        }
        replay.clean = true
        return replay
    }

    /// A segment's body, all of it parsed before any of it is applied.
    private static func decodeBody(
        _ body: Slice<UnsafeBufferPointer<UInt8>>
    ) throws -> (container: ContainerStamp?, set: [ArchiveRecord], removed: [RelativePath]) {
        var lines = body.split(separator: 10, omittingEmptySubsequences: false)
        guard body.last == 10, lines.last?.isEmpty == true else { throw ArchiveProblem.corrupt("segment") }
        lines.removeLast()
        guard let first = lines.first, first.starts(with: "container ".utf8) else {
            throw ArchiveProblem.corrupt("segment")
        }
        let stamp = first.dropFirst(10)
        let container = stamp.elementsEqual("-".utf8) ? nil : try ArchiveCodec.containerStamp(stamp)
        var set: [ArchiveRecord] = []
        var removed: [RelativePath] = []
        for line in lines.dropFirst() {
            if line.starts(with: [UInt8(ascii: "-"), 9]) {
                let text = try ArchiveCodec.unescape(line.dropFirst(2))
                removed.append(text.isEmpty ? RelativePath.root : try RelativePath(text))
            } else {
                set.append(try ArchiveCodec.record(from: line, withModes: true))
            }
        }
        return (container, set, removed)
    }
}

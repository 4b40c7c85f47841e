import FileTreeInterface
import Foundation

/// The *synccli-archive* format, version 2 (kept in `archive.synccli-archive`): one line per
/// record, parsed byte by byte, so a 100,000-path archive loads and saves in milliseconds (a JSON
/// decoder takes seconds). Its first line names the format and its version.
///
/// ```text
/// synccli-archive 2
/// pair <name, escaped>
/// generation <n>
/// container <id> <sequence>          (optional: the container copy the records describe)
/// <f|d|l> <size> <digest hex or -> <local mtime> <local id high> <local id low> <container mtime> <container id high> <container id low> <local mode> <container mode> <path, escaped>
/// ```
/// An identity is stored as its two opaque words (``FileTreeInterface/FileIdentity/high`` and
/// ``FileTreeInterface/FileIdentity/low``), each in decimal: for a local folder's entry they are
/// its device and inode, as archives written before identities were opaque held them (those read
/// unchanged), for a server's a version tag and a digest of the ETag. The engine never reads
/// what the words mean.
/// A mode is octal permission bits, or `-` when unknown. Version 1 (still read) has no mode
/// fields: its modes are unknown, and a mode change is not propagated until a sync records them.
/// Fields are separated by one tab. Escaping writes `%`, tab, newline and carriage return as
/// `%25`, `%09`, `%0A`, `%0D`; every other byte is kept, so names stay byte-exact.
enum ArchiveCodec {
    static let magic = "synccli-archive"

    static func encode(_ archive: Archive) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(capacity(for: archive))
        out += Array("\(magic) \(Archive.currentVersion)\npair ".utf8)
        escape(archive.pair, into: &out)
        out += Array("\ngeneration \(archive.generation)\n".utf8)
        if let container = archive.container { appendContainer(container, to: &out) }
        for record in archive.records.table.inOrder { appendRecord(record, to: &out) }
        return Data(out)
    }

    /// Appends the `container` line of `stamp` (with its newline).
    static func appendContainer(_ stamp: ContainerStamp, to out: inout [UInt8]) {
        out += Array("container \(stamp.id) \(stamp.sequence)\n".utf8)
    }

    /// Appends one record's line (with its newline).
    static func appendRecord(_ record: ArchiveRecord, to out: inout [UInt8]) {
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

    /// Room for the longest encoding `archive` can have, so the bytes are never moved as they
    /// grow (the pages of room left unused are never touched, so they cost no memory): a
    /// record's fixed fields take at most 193 bytes (three 20-digit numbers a side, a 32-digit
    /// digest, tabs, modes and the line end), an escaped byte 3.
    static func capacity(for archive: Archive) -> Int {
        let pathBytes = archive.records.table.pathBytesBound
        return 256 + 3 * archive.pair.utf8.count + 193 * archive.records.count + 3 * pathBytes
    }

    /// Appends one side's time and the two words of its identity, each after a tab.
    static func append(_ snapshot: SideSnapshot, to out: inout [UInt8]) {
        out.append(9)
        appendDecimal(snapshot.modificationNanoseconds, to: &out)
        out.append(9)
        appendDecimal(snapshot.identity.high, to: &out)
        out.append(9)
        appendDecimal(snapshot.identity.low, to: &out)
    }

    /// Appends a tab and permission bits in octal, or `-` when unknown.
    static func appendMode(_ mode: UInt32?, to out: inout [UInt8]) {
        out.append(9)
        guard let mode else {
            out.append(UInt8(ascii: "-"))
            return
        }
        appendOctal(mode, to: &out)
    }

    static func kindByte(_ kind: EntryKind) -> UInt8 {
        switch kind {
        case .file: UInt8(ascii: "f")
        case .directory: UInt8(ascii: "d")
        case .symbolicLink: UInt8(ascii: "l")
        }
    }

}

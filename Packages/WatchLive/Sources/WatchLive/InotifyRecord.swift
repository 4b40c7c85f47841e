/// One record the kernel wrote into an inotify descriptor.
struct InotifyRecord: Equatable, Sendable {
    /// The watch descriptor; -1 for a queue overflow.
    let descriptor: Int32
    /// What happened (`IN_*` bits).
    let mask: UInt32
    /// Pairs the two halves of a rename.
    let cookie: UInt32
    /// The entry's name inside the watched folder, as raw bytes; empty for the folder itself.
    let name: [UInt8]

    /// The fixed part of `struct inotify_event`: wd, mask, cookie, len.
    static let headerSize = 16

    /// Decodes the records in `bytes`, as `read(2)` returned them. A record cut short (which the
    /// kernel never writes) ends the decoding; a name's NUL padding is dropped.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var offset = 0
        while bytes.count - offset >= headerSize {
            let descriptor = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard length <= bytes.count - nameStart else { break }
            let name = bytes[nameStart..<(nameStart + length)].prefix { $0 != 0 }
            records.append(InotifyRecord(descriptor: descriptor, mask: mask, cookie: cookie, name: Array(name)))
            offset = nameStart + length
        }
        return records
    }

    /// Encodes records as the kernel lays them out (names NUL-padded to 4 bytes), for tests of
    /// the decoding and the processing.
    static func encode(_ records: [InotifyRecord]) -> [UInt8] {
        var bytes: [UInt8] = []
        for record in records {
            let padded = record.name.isEmpty ? 0 : (record.name.count / 4 + 1) * 4
            withUnsafeBytes(of: record.descriptor.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: record.mask.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: record.cookie.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padded).littleEndian) { bytes += $0 }
            bytes += record.name + [UInt8](repeating: 0, count: padded - record.name.count)
        }
        return bytes
    }
}

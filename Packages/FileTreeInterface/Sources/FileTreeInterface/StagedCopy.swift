public import Foundation

/// A copy written to a temporary file beside its destination but not yet in place: the result of
/// ``FileCopying/stageCopy(_:in:expected:to:in:)``, handed to ``FileCopying/commit(_:in:)`` or
/// ``FileCopying/discard(_:in:)``.
public struct StagedCopy: Hashable, Sendable, Codable {
    /// Where the copy goes.
    public let destination: RelativePath
    /// The temporary file's name in the destination's folder.
    public let temporaryName: String
    /// The copy as it will be at `destination` once committed (size, time, identity, permissions).
    public let entry: TreeEntry

    /// Creates a staged copy (implementations of ``FileCopying`` do this).
    public init(destination: RelativePath, temporaryName: String, entry: TreeEntry) {
        self.destination = destination
        self.temporaryName = temporaryName
        self.entry = entry
    }

    /// The prefix of every staged copy's temporary name: ``ReservedNames/temporaryPrefix``.
    public static var temporaryPrefix: String { ReservedNames.temporaryPrefix }

    /// Whether `name` has the shape of a staged copy's temporary name: the prefix, then 16
    /// hexadecimal digits. Sync never copies such a name; it takes one for a leftover of its own
    /// only when ``isTemporaryName(_:madeIn:)`` says so.
    public static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let suffix = name.utf8.dropFirst(temporaryPrefix.utf8.count)
        return suffix.count == 16 && suffix.allSatisfy(isLowerHexDigit)
    }

    /// The temporary name of a copy staged into `root`: the prefix, the root's tag (eight
    /// hexadecimal digits, see ``rootTag(of:)``), then eight digits of `random`.
    ///
    /// Every implementation of ``FileCopying`` names its temporary files this way, so that a sync
    /// can tell its own leftovers (after a killed run) from a user's file that merely looks like
    /// one, and from the in-flight copies of another pair whose root lies inside this one.
    public static func temporaryName(in root: URL, random: UInt32) -> String {
        temporaryPrefix + rootTag(of: root) + hex(UInt64(random), digits: 8)
    }

    /// Whether `name` is a temporary name that a copy into `root` would get: a leftover of an
    /// interrupted sync of that root. A file of that shape made for another root (or by a user)
    /// matches with a chance of one in four billion.
    public static func isTemporaryName(_ name: String, madeIn root: URL) -> Bool {
        isTemporaryName(name)
            && name.utf8.dropFirst(temporaryPrefix.utf8.count).prefix(8).elementsEqual(rootTag(of: root).utf8)
    }

    /// Eight hexadecimal digits that stand for `root`'s path (FNV-1a of its bytes, trailing
    /// slashes ignored): the same root gives the same tag in every process.
    public static func rootTag(of root: URL) -> String {
        var path = Substring(root.path(percentEncoded: false))
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hex((hash >> 32) ^ (hash & 0xffff_ffff), digits: 8)
    }

    private static func isLowerHexDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) || (97...102).contains(byte) }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Where the temporary file is.
    public var temporaryPath: RelativePath {
        get throws { try destination.parent.appending(temporaryName) }
    }
}

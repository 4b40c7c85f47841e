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

    /// The prefix of every staged copy's temporary name.
    public static let temporaryPrefix = ".synccli-tmp-"

    /// Whether `name` is a staged copy's temporary name: the prefix, then 16 hexadecimal digits.
    /// Such a file outside a running sync is a leftover of an interrupted one.
    public static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let suffix = name.utf8.dropFirst(temporaryPrefix.utf8.count)
        return suffix.count == 16 && suffix.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Where the temporary file is.
    public var temporaryPath: RelativePath {
        get throws { try destination.parent.appending(temporaryName) }
    }
}

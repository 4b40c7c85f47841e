/// The names synccli keeps for itself, defined once for every package.
///
/// Every name that starts with ``prefix`` belongs to the tool: a sync never copies, deletes or
/// reports such a name, at any depth, and a pair may not be named with it. The names below are
/// the ones in use; each starts with ``prefix`` except the conflict-copy pattern, which marks
/// a user's file kept beside another version.
///
/// ```swift
/// if ReservedNames.isReserved(entry.path.name) { continue }   // the tool's own file
/// ```
public enum ReservedNames {
    /// What every reserved name starts with.
    public static let prefix = ".synccli"

    /// The prefix of every temporary file (a staged copy, an atomic write), followed by 16
    /// lower-case hexadecimal digits (see ``StagedCopy/temporaryName(in:random:)``).
    public static let temporaryPrefix = prefix + "-tmp-"

    /// The trash folder at each side's root: `<root>/.synccli-trash/<run>/<path>`.
    public static let trashFolder = prefix + "-trash"

    /// The root marker file at each side's root, written by the first sync of a pair: a side
    /// without it (an unmounted disk, a moved folder) is refused, never read as "all deleted".
    public static let rootMarker = prefix + "-root"

    /// The ignore file in the local folder (gitignore syntax).
    public static let ignoreFile = prefix + "ignore"

    /// The document at a server side's root that keeps each file's real modification time and
    /// mode, tied to its ETag.
    public static let sideMetadata = prefix + "-metadata.json"

    /// The prefix of a server container's lock of one pair: `.synccli-lock-<pair>`.
    public static let lockPrefix = prefix + "-lock-"

    /// The prefix of the file a server side writes once to find out whether the server enforces
    /// conditional writes, then removes.
    public static let probePrefix = prefix + "-probe-"

    /// The prefix of the record a server side keeps at a container's root once it found out whether
    /// the server enforces conditional writes: `.synccli-conditions-enforced` or `-ignored`.
    public static let conditionsRecordPrefix = prefix + "-conditions-"

    /// Whether `name` (one path component) is the tool's own: it starts with ``prefix``.
    public static func isReserved(_ name: String) -> Bool {
        name.hasPrefix(prefix)
    }

    /// Whether `path`'s last component is reserved: ``isReserved(_:)-(String)`` of its
    /// ``RelativePath/name``, read in place (a scan asks this of every entry, and making each
    /// name a String cost a sync of 10,000 files 6% of its instructions).
    public static func isReserved(_ path: RelativePath) -> Bool {
        var text = path.text
        return text.withUTF8 { bytes in
            let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            guard bytes.count - start >= prefixBytes.count else { return false }
            for index in prefixBytes.indices where bytes[start + index] != prefixBytes[index] { return false }
            return true
        }
    }

    private static let prefixBytes = Array(prefix.utf8)

    // MARK: Conflict copies

    /// What opens a conflict copy's suffix: `name (conflict <date> <machine>).ext`.
    public static let conflictOpening = " (conflict "

    /// The suffix a conflict copy's name carries between its stem and its extension.
    /// - Parameter detail: when and where the version came from (`<date> <machine>`, with ` <n>`
    ///   when that name is taken).
    /// - Returns: ` (conflict <detail>)`.
    public static func conflictSuffix(_ detail: String) -> String {
        conflictOpening + detail + ")"
    }

    /// Whether `candidate` has the shape of a conflict copy's name for `name`
    /// (`stem (conflict ...).ext`).
    public static func isConflictCopy(_ candidate: String, of name: String) -> Bool {
        let (stem, ext) = stemAndExtension(of: name)
        return candidate.hasPrefix(stem + conflictOpening) && candidate.hasSuffix(")" + ext)
    }

    /// Splits `report.final.txt` into `report.final` and `.txt`; a leading dot is not an extension.
    public static func stemAndExtension(of name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}

/// One case of the boundary corpus: a small setup, then operations, run once on each side.
///
/// The setup and the direct changes between operations (``Step``) are made without the
/// implementations under test; the operations (``Operation``) go through them, and what each one
/// returns or throws is what the two sides must agree on.
///
/// ```swift
/// BoundaryCase(.names, "NFC and NFD of one name are two entries",
///              setup: [.file("root/caf\u{E9}"), .file("root/cafe\u{301}")],
///              operations: [.scan()])
/// ```
public struct BoundaryCase: Sendable, CustomStringConvertible {
    /// The kind of boundary a case probes.
    public enum Family: String, Sendable, CaseIterable {
        /// Normalization, case, control characters, invalid UTF-8, length, reserved names.
        case names
        /// Links, pipes, sockets, devices, roots that are not folders, swaps between calls.
        case types
        /// What keeps an entry's identity and what gives it a new one.
        case identities
        /// Special bits and unreadable modes.
        case modes
    }

    /// The family the case belongs to.
    public let family: Family
    /// A sentence naming what the case probes; unique in the corpus.
    public let name: String
    /// What the base folder holds before the first operation.
    public let setup: [Step]
    /// The calls whose results are compared, with direct changes between them.
    public let operations: [Operation]
    /// Why the two sides are known to disagree on this case, if they are (counted, not hidden).
    public let knownDivergence: String?

    /// Creates a case.
    /// - Parameters:
    ///   - family: the kind of boundary.
    ///   - name: a unique sentence.
    ///   - setup: the steps that build the world, in order.
    ///   - operations: the calls to compare.
    ///   - knownDivergence: the reason the sides disagree, for a divergence not fixed yet.
    public init(
        _ family: Family, _ name: String, setup: [Step], operations: [Operation], knownDivergence: String? = nil
    ) {
        self.family = family
        self.name = name
        self.setup = setup
        self.operations = operations
        self.knownDivergence = knownDivergence
    }

    public var description: String { "[\(family.rawValue)] \(name)" }
}

/// A change made directly to a side's world, by path relative to the base folder (which holds the
/// roots `root` and `other` and a folder `outside` that no root contains).
public enum Step: Sendable {
    /// A regular file with these bytes, permission bits (special bits included) and time.
    case file(String, contents: String = "contents", permissions: UInt32 = 0o644, modified: Int64 = Times.first)
    /// A folder with these permission bits.
    case folder(String, permissions: UInt32 = 0o755)
    /// A symbolic link holding `target`; `$BASE` in it stands for the base folder's path.
    case link(String, target: String)
    /// A second name for an existing file (a hard link): one entry, two paths.
    case hardLink(String, to: String)
    /// A symbolic link whose target is raw bytes (not necessarily UTF-8).
    case rawLink(String, target: [UInt8])
    /// A file whose name is raw bytes (not necessarily UTF-8), in the folder `folder`.
    case rawFile(folder: String, name: [UInt8])
    /// A folder whose name is raw bytes, in the folder `folder`.
    case rawFolder(folder: String, name: [UInt8])
    /// A named pipe.
    case fifo(String)
    /// A bound Unix-domain socket.
    case socket(String)
    /// A character device like `/dev/null` (needs root).
    case characterDevice(String)
    /// Nothing, as root; as another user the Live side skips the case with this reason (what
    /// the case goes on to do needs root's disregard of permission bits, which the Mock shares).
    case onlyAsRoot(String)
    /// Removes the entry and everything below it.
    case remove(String)
    /// Renames an entry (replacing nothing).
    case rename(String, to: String)
}

/// Modification times the corpus sets, which both sides must report exactly.
public enum Times {
    /// The default time of a file, with a nanosecond part so lost precision shows.
    public static let first: Int64 = 1_650_000_000_123_456_789
    /// A second, later time.
    public static let second: Int64 = 1_660_000_000_987_654_321
    /// A time before 1970, with a nanosecond part.
    public static let beforeEpoch: Int64 = -1_234_567_891
    /// 1970-01-01T00:00:00Z exactly.
    public static let epoch: Int64 = 0
    /// Every time the corpus sets; any other time comes from a clock and is compared as "clock".
    static let all: Set<Int64> = [first, second, beforeEpoch, epoch]
}

/// Which root an operation works in: a folder below the base folder, by its relative path.
public struct Root: Sendable, Hashable {
    /// The path below the base folder, for example `root` or `rootlink` (a link planted as a root).
    public let path: String

    /// A root at `path` below the base folder.
    public init(_ path: String) { self.path = path }

    /// The main root, `root`.
    public static let main = Root("root")
    /// The second root, `other`, where copies go.
    public static let other = Root("other")
}

/// One call whose result is compared, or a direct change between calls.
///
/// A path is `/`-separated text made into a `RelativePath` (text it refuses is reported as
/// such, the same on both sides); ``rootPath`` stands for the root itself.
public enum Operation: Sendable {
    /// The text that stands for `RelativePath.root`, the root itself, as an operand.
    public static let rootPath = "<root>"

    /// ``TreeScanning/scan(root:excluding:)``, excluding nothing.
    case scan(Root = .main)
    /// ``TreeScanning/scan(root:excluding:)`` of the main root, leaving out every entry whose
    /// name starts with `prefix` (and not entering such a folder).
    case scanExcluding(prefix: String)
    /// ``TreeScanning/entry(at:in:)``.
    case entry(String, Root = .main)
    /// ``TreeMutating/makeDirectory(_:in:)``.
    case makeDirectory(String)
    /// ``TreeMutating/removeItem(_:in:)``.
    case removeItem(String)
    /// ``TreeMutating/removeEmptyFolder(_:in:)``.
    case removeEmptyFolder(String)
    /// ``TreeMutating/moveItem(_:to:in:)``.
    case move(String, to: String)
    /// ``TreeMutating/setPermissions(_:of:in:)``.
    case setPermissions(UInt32, String)
    /// The source's entry, then ``FileCopying/stageCopy(_:in:expected:to:in:)`` from the main
    /// root and, unless `commit` is false, ``FileCopying/commit(_:in:)`` of it alone.
    case copy(String, to: String, into: Root = .other, commit: Bool = true)
    /// ``FileCopying/commit(_:in:)`` of every copy staged and not committed so far.
    case commitStaged(into: Root = .other)
    /// ``FileCopying/discard(_:in:)`` of every copy staged and not committed so far.
    case discardStaged(into: Root = .other)
    /// ``FileCopying/stageCopy(_:in:expected:to:in:)`` and commit, with the entry remembered
    /// under `label` as `expected` (what the caller saw before the world changed).
    case copyAsRemembered(String, label: String, to: String)
    /// ``FileCopying/digest(of:in:)``.
    case digest(String)
    /// Remembers the identity of the entry at a path in the main root under a label.
    case remember(String, as: String)
    /// Checks the identity of the entry at a path against a remembered one: both sides must find
    /// it the same (`same: true`) or different, as the design says.
    case identity(String, of: String, same: Bool)
    /// A direct change between two calls (another program's doing).
    case change(Step)
}

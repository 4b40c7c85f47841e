/// What a side can do, so the engine adapts to it rather than assuming a local folder.
public struct SideCapabilities: Sendable, Hashable {
    /// The kind of identity a side's entries carry (``TreeEntry/identity``).
    public enum IdentityKind: Sendable, Hashable {
        /// A file-system identity (device and inode): kept by a rename, new for a new file.
        case fileSystem
        /// A version the server gives (an ETag or a generation number): a file's changes with
        /// every write and two files may share one. A folder's identity must still be its own
        /// (kept by the side's own moves, never another folder's): the engine finds folder
        /// renames by it.
        case serverVersion
        /// No identity: entries are compared by size and time alone.
        case none
    }

    /// What a side can promise about its changes.
    public struct Features: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        /// A set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// A move or commit replaces nothing and appears all at once.
        public static let atomicRename = Features(rawValue: 1 << 0)
        /// A write can be made conditional on what is there (no replace, or a version match).
        public static let conditionalWrites = Features(rawValue: 1 << 1)
        /// A copy can be given its source's modification time.
        public static let settableModificationTimes = Features(rawValue: 1 << 2)
        /// Many changes can be made durable by one ``SideChanging/flush()`` or commit.
        public static let durableBatches = Features(rawValue: 1 << 3)
    }

    /// The features the side has.
    public var features: Features
    /// What ``TreeEntry/identity`` means on the side.
    public var identity: IdentityKind
    /// How many changes the side takes at once to good effect: 1 for a local folder (its callers
    /// choose), more for a server, where each change is a round trip and several travel side by
    /// side. A caller copying in parallel may run this many at once; it never has to.
    public var parallelism: Int

    /// Creates a set of capabilities.
    /// - Parameters:
    ///   - features: what the side can promise about its changes.
    ///   - identity: what ``TreeEntry/identity`` means on the side.
    ///   - parallelism: see ``parallelism``; at least 1.
    public init(features: Features, identity: IdentityKind, parallelism: Int = 1) {
        self.features = features
        self.identity = identity
        self.parallelism = max(1, parallelism)
    }

    /// A local POSIX folder: every feature, file-system identity.
    public static let localFolder = SideCapabilities(
        features: [.atomicRename, .conditionalWrites, .settableModificationTimes, .durableBatches],
        identity: .fileSystem)
}

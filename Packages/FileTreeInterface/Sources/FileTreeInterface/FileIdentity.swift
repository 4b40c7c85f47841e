/// Which file an entry is, independent of its name, as its side tells it. Opaque to a sync
/// engine: it only compares, hashes and stores identities, and never asks what they are made of.
///
/// Its stored form is two 64-bit words, ``high`` and ``low``, which ``init(high:low:)`` takes back
/// (an archive writes each word as a decimal number). A side builds identities its own way:
///
/// - a POSIX folder from device and inode (``init(device:inode:)``): a rename keeps it, a new
///   file (an atomic write) gets a new one;
/// - a server from a version it gives, such as an ETag (``init(version:)``), which changes with
///   every write and which two files may share;
/// - anything else from words of its own (``init(high:low:)``), such as a Mock's counter.
///
/// What an identity means on a side is told by ``SideCapabilities/identity``.
///
/// ```swift
/// let local = FileIdentity(device: status.st_dev, inode: status.st_ino)
/// let remote = FileIdentity(version: "\"5e1f-64b\"")
/// ```
public struct FileIdentity: Hashable, Sendable, Codable {
    /// The first word of the stored form (a POSIX side's device number).
    public let high: UInt64
    /// The second word of the stored form (a POSIX side's inode number).
    public let low: UInt64

    /// The identity whose stored form is these two words.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A POSIX file's identity: its device and inode numbers (stored as ``high`` and ``low``).
    public init(device: UInt64, inode: UInt64) {
        self.init(high: device, low: inode)
    }

    /// A server version's identity (an ETag, a generation number): ``versionTag`` and the low
    /// half of the version's ``ContentDigest``. Equal versions give equal identities.
    public init(version: String) {
        self.init(high: Self.versionTag, low: ContentDigest(of: Array(version.utf8)).low)
    }

    /// The first word of every ``init(version:)`` identity (`WEBDAV` in ASCII, as the first server
    /// side wrote it, so stored identities stay equal), which no device number in use has.
    public static let versionTag: UInt64 = 0x5745_4244_4156

    private enum CodingKeys: String, CodingKey {
        case high, low
        // The keys of plans written before identities were opaque.
        case device, inode
    }

    /// Decodes `{"high":…,"low":…}`, or the `{"device":…,"inode":…}` of older plans.
    /// - Throws: `DecodingError` when neither pair of keys is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.high) || !container.contains(.device) {
            self.init(
                high: try container.decode(UInt64.self, forKey: .high),
                low: try container.decode(UInt64.self, forKey: .low))
        } else {
            self.init(
                high: try container.decode(UInt64.self, forKey: .device),
                low: try container.decode(UInt64.self, forKey: .inode))
        }
    }

    /// Encodes `{"high":…,"low":…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(high, forKey: .high)
        try container.encode(low, forKey: .low)
    }
}

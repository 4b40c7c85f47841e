/// Which copy of a pair's folder in a container this is: the id written into its root marker when
/// the folder was first synced, and a sequence every sync that changes the pair raises.
///
/// An archive keeps the stamp it last saw. A container whose id differs (another container, or
/// one re-created) or whose sequence is lower (an older copy: a cloned backup disk, a restored
/// snapshot) is not the one the archive describes, and its sync is a first sync: a merge that
/// deletes nothing, never "everything the other copy lacks was deleted".
public struct ContainerStamp: Sendable, Equatable, Hashable, Codable {
    /// 32 lower-case hexadecimal digits.
    public var id: String
    /// Raised by every sync that changes the pair.
    public var sequence: Int

    /// A stamp from its parts.
    public init(id: String, sequence: Int) {
        self.id = id
        self.sequence = sequence
    }

    /// A fresh stamp with a random id and sequence 0.
    public static func fresh() -> ContainerStamp {
        func hex(_ value: UInt64) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return ContainerStamp(
            id: hex(UInt64.random(in: 0...UInt64.max)) + hex(UInt64.random(in: 0...UInt64.max)), sequence: 0)
    }

    /// Whether `id` has the form of a stamp's id.
    public static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Whether the container copy stamped `self` is the one an archive stamped `archived`
    /// describes: the same id, and not older.
    public func continues(_ archived: ContainerStamp) -> Bool {
        id == archived.id && sequence >= archived.sequence
    }
}

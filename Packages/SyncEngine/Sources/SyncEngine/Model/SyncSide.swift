/// One of the two trees a pair keeps equal.
public enum SyncSide: String, Sendable, Codable, Hashable, CaseIterable, CustomStringConvertible {
    /// The folder on this machine.
    case local
    /// The pair's folder inside the container.
    case container

    /// The other side.
    public var other: SyncSide { self == .local ? .container : .local }

    public var description: String { rawValue }
}

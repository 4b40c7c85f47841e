public import Foundation

/// One file, folder or symbolic link in an ``InMemoryTree``.
public struct InMemoryEntry: Sendable, Equatable {
    /// What the entry is, with its contents.
    public enum Kind: Sendable, Equatable {
        case file(Data)
        case directory
        case symbolicLink(target: String)
    }

    public var kind: Kind
    /// A number unique in the tree for the entry's lifetime, like an inode: kept across a move,
    /// new when a file is replaced by a write.
    public var identity: UInt64
    /// Modification time in nanoseconds since 1970.
    public var modificationNanoseconds: Int64
    /// Permission bits.
    public var permissions: UInt32

    /// The file's contents, or nil for a folder or a link.
    public var data: Data? {
        if case .file(let data) = kind { return data }
        return nil
    }

    /// Whether the entry is a folder.
    public var isDirectory: Bool { kind == .directory }
}

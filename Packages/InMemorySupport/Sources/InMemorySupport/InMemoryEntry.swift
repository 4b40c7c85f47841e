public import Foundation

/// One file, folder, symbolic link or special entry (pipe, socket, device) in an ``InMemoryTree``.
public struct InMemoryEntry: Sendable, Equatable {
    /// What the entry is, with its contents.
    public enum Kind: Sendable, Equatable {
        case file(Data)
        case directory
        case symbolicLink(target: String)
        /// A named pipe, a socket or a device: no contents a Mock can read, but a path a scan
        /// meets (another program may have put one in a shared folder).
        case special(Special)
    }

    /// What a special entry is.
    public enum Special: String, Sendable, Equatable {
        case namedPipe, socket, characterDevice, blockDevice
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

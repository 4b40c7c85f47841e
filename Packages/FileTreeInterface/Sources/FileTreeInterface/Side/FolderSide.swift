public import Foundation

/// A side over the root-taking tree protocols: binds a ``TreeScanning``, a ``TreeMutating``, a
/// ``FileCopying`` (with, when it offers one, its ``FileStreaming``) and a ``DocumentStoring`` to
/// one root. Local folders (Live and Mock alike) are sides this way, without a rewrite.
///
/// Every call forwards to its root-taking counterpart with ``root``; a move across a mount point
/// (`io` with `EXDEV` from the mutator) is reported as ``TreeError/crossDevice(_:)``.
/// ``stageCopy(of:from:expected:to:)`` copies directly with the copier's own
/// ``FileCopying/stageCopy(_:in:expected:to:in:)`` (the fast path: `copy_file_range` for the
/// Live) when the source is a `FolderSide` whose copier is of the same type and in the same
/// ``copyDomain``; otherwise it streams: `source.read` into this side's
/// ``FileStreaming/stageWrite(to:in:entry:from:)``.
///
/// ```swift
/// let side = FolderSide(root: folder, scanner: scanner, mutator: mutator, copier: copier, documents: documents)
/// let entries = try side.scan { _, _ in false }.entries
/// ```
public struct FolderSide: SyncSideProviding, SideSpaceReporting {
    /// The folder this side is bound to.
    public let root: URL
    /// Lists ``root``.
    public let scanner: any TreeScanning
    /// Changes ``root``.
    public let mutator: any TreeMutating
    /// Digests, stages and commits copies into ``root`` (and reads a same-kind source directly).
    public let copier: any FileCopying
    /// Streams contents in and out (nil: only the fast path, from a folder side of the same kind).
    public let streamer: (any FileStreaming)?
    /// Reads and writes the documents at ``root``.
    public let documents: any DocumentStoring
    /// What this side promises (given at init; ``SideCapabilities/localFolder`` by default).
    public let capabilities: SideCapabilities
    /// Which copiers can reach this side's files directly: two folder sides copy directly only
    /// when their copiers have the same type and equal domains (nil for "every root this copier
    /// type can name", as for local folders; the identity of the object holding the files, such
    /// as an in-memory world, when two copiers of one type can reach different stores).
    public let copyDomain: ObjectIdentifier?

    /// Binds the root-taking protocols to `root`.
    /// - Parameters:
    ///   - root: the side's root folder (it need not exist yet).
    ///   - scanner: lists the side.
    ///   - mutator: changes it.
    ///   - copier: stages and commits copies into it.
    ///   - documents: its small documents (root markers and the like).
    ///   - streamer: by default `copier` itself when it is a ``FileStreaming``.
    ///   - capabilities: by default ``SideCapabilities/localFolder``.
    ///   - copyDomain: see ``copyDomain``.
    public init(
        root: URL, scanner: any TreeScanning, mutator: any TreeMutating, copier: any FileCopying,
        streamer: (any FileStreaming)? = nil, documents: any DocumentStoring,
        capabilities: SideCapabilities = .localFolder, copyDomain: ObjectIdentifier? = nil
    ) {
        self.root = root
        self.scanner = scanner
        self.mutator = mutator
        self.copier = copier
        self.streamer = streamer ?? (copier as? any FileStreaming)
        self.documents = documents
        self.capabilities = capabilities
        self.copyDomain = copyDomain
    }

    public var location: String { root.path(percentEncoded: false) }

    // MARK: Listing

    public func scan(excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        try scanner.scan(root: root, excluding: excluding)
    }

    public func entry(at path: RelativePath) throws -> TreeEntry? {
        try scanner.entry(at: path, in: root)
    }

    // MARK: Changing

    public func makeDirectory(_ path: RelativePath) throws { try mutator.makeDirectory(path, in: root) }

    public func removeItem(_ path: RelativePath) throws { try mutator.removeItem(path, in: root) }

    public func removeEmptyFolder(_ path: RelativePath) throws { try mutator.removeEmptyFolder(path, in: root) }

    public func moveItem(_ source: RelativePath, to destination: RelativePath) throws {
        do {
            try mutator.moveItem(source, to: destination, in: root)
        } catch TreeError.io(let path, EXDEV, _) {
            throw TreeError.crossDevice(path)
        }
    }

    public func setPermissions(_ permissions: UInt32, of path: RelativePath) throws {
        try mutator.setPermissions(permissions, of: path, in: root)
    }

    public func flush() throws { try mutator.flush(root) }

    // MARK: Space

    /// The mutator's answer when it is a ``TreeSpaceReporting``, else nil (unknown).
    public func availableSpace() throws -> Int64? {
        try (mutator as? any TreeSpaceReporting)?.availableSpace(in: root)
    }

    // MARK: Documents

    public func readDocument(named name: String) throws -> Data? {
        try documents.readDocument(named: name, in: root)
    }

    public func writeDocument(_ data: Data, named name: String) throws {
        try documents.writeDocument(data, named: name, in: root)
    }
}

public import Foundation

/// Opens ``FolderSide``s over one scanner, mutator, copier and document store: the opener for
/// any kind of folder whose root-taking implementations exist (Live and Mock build theirs on it).
///
/// ```swift
/// let sides = FolderSides(scanner: scanner, mutator: mutator, copier: copier, documents: documents)
/// let local = try sides.openSide(at: localFolder)
/// ```
public struct FolderSides: SideOpening {
    /// Lists every side's root.
    public let scanner: any TreeScanning
    /// Changes every side's root.
    public let mutator: any TreeMutating
    /// Copies into every side's root.
    public let copier: any FileCopying
    /// Streams contents (nil: the copier's own streaming half, if it has one).
    public let streamer: (any FileStreaming)?
    /// Every side's documents.
    public let documents: any DocumentStoring
    /// What every side promises.
    public let capabilities: SideCapabilities
    /// See ``FolderSide/copyDomain``.
    public let copyDomain: ObjectIdentifier?

    /// Creates the opener; see ``FolderSide/init(root:scanner:mutator:copier:streamer:documents:capabilities:copyDomain:)``.
    public init(
        scanner: any TreeScanning, mutator: any TreeMutating, copier: any FileCopying,
        streamer: (any FileStreaming)? = nil, documents: any DocumentStoring,
        capabilities: SideCapabilities = .localFolder, copyDomain: ObjectIdentifier? = nil
    ) {
        self.scanner = scanner
        self.mutator = mutator
        self.copier = copier
        self.streamer = streamer
        self.documents = documents
        self.capabilities = capabilities
        self.copyDomain = copyDomain
    }

    /// A side bound to `root`; nothing is read until the side is used.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` is not a file URL.
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        guard root.isFileURL else { throw TreeError.rootUnavailable(root.absoluteString) }
        return FolderSide(
            root: root, scanner: scanner, mutator: mutator, copier: copier, streamer: streamer, documents: documents,
            capabilities: capabilities, copyDomain: copyDomain)
    }
}

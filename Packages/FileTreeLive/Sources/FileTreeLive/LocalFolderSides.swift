public import FileTreeInterface
public import Foundation

/// Opens local folders as sync sides: ``FileTreeInterface/FolderSide``s over one
/// ``POSIXTreeScanner``, ``POSIXTreeMutator`` and ``POSIXFileCopier`` sharing one
/// ``RootDescriptors`` (each root opened once and used by descriptor, a root that is a symbolic
/// link refused), with documents through ``POSIXDocumentStore``.
///
/// A copy between two local folders takes the copier's direct path (`copy_file_range`, batched
/// `syncfs`); a copy from a side of another kind streams into a staged temporary file.
///
/// ```swift
/// let manager = SyncManager(fileSystem: fileSystem, fileAccessor: DefaultFileAccessor(),
///                           sides: LocalFolderSides(), locking: FileLock(), environment: .live())
/// ```
public struct LocalFolderSides: SideOpening {
    /// The roots every side of this opener works in.
    public let roots: RootDescriptors
    /// Whether its sides make each change durable at once (their mutator's
    /// ``POSIXTreeMutator/syncsEachChange``); `false` means one flush per side and run does.
    public let syncsEachChange: Bool
    private let folders: FolderSides

    /// Creates the opener.
    /// - Parameters:
    ///   - roots: the open roots its sides share; by default a set of its own.
    ///   - syncingEachChange: whether the mutator makes each change durable at once (false: the
    ///     engine flushes each side once, before it saves the archive).
    ///   - documents: where the sides' documents go; by default a ``POSIXDocumentStore``.
    public init(
        roots: RootDescriptors = RootDescriptors(), syncingEachChange: Bool = false,
        documents: (any DocumentStoring)? = nil
    ) {
        self.roots = roots
        let mutator = POSIXTreeMutator(syncingEachChange: syncingEachChange, roots: roots)
        syncsEachChange = mutator.syncsEachChange
        folders = FolderSides(
            scanner: POSIXTreeScanner(roots: roots), mutator: mutator,
            copier: POSIXFileCopier(roots: roots), documents: documents ?? POSIXDocumentStore(),
            capabilities: .localFolder)
    }

    /// A side bound to the folder at `root`; the folder is opened on the side's first call.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` is not a file URL.
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        try folders.openSide(at: root)
    }
}

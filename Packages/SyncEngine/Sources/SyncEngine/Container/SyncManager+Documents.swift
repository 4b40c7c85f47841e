import FileTreeInterface
import Foundation

extension SyncManager {
    /// The container's document; a fresh one when there is none yet.
    /// - Throws: ``SyncError`` when it cannot be read or is not a document of this version.
    func loadDocument(in container: URL) throws -> ContainerDocument {
        try loadDocument(on: openSide(at: container))
    }

    /// The document of the container opened as `side`; a fresh one when there is none yet.
    /// - Throws: as ``loadDocument(in:)``.
    func loadDocument(on side: any SyncSideProviding) throws -> ContainerDocument {
        guard let data = try readContainerDocument(on: side) else { return ContainerDocument() }
        return try ContainerDocument.decode(data, path: Self.documentPath(ContainerDocument.fileName, on: side))
    }

    /// The container document's bytes, or nil when there is none.
    /// - Throws: ``SyncError/io(path:underlying:)`` wrapping the side's error.
    func readContainerDocument(on side: any SyncSideProviding) throws -> Data? {
        do {
            return try side.readDocument(named: ContainerDocument.fileName)
        } catch {
            throw SyncError.wrap(error, path: Self.documentPath(ContainerDocument.fileName, on: side))
        }
    }

    /// Records in the container's document that this machine synced `pair` now.
    /// - Throws: ``SyncError`` when the document cannot be read or written.
    func recordSync(of pair: SyncPair, on container: any SyncSideProviding) throws {
        var document = try loadDocument(on: container)
        document.recordSync(pair: pair.name, machine: environment.machineName, at: environment.now())
        do {
            try container.writeDocument(try document.encoded(), named: ContainerDocument.fileName)
        } catch {
            throw SyncError.wrap(error, path: Self.documentPath(ContainerDocument.fileName, on: container))
        }
    }

    /// Refuses a pair whose local folder is missing, or (after a first sync) a side that lost its
    /// root marker: an unmounted drive or a moved folder must never read as "all deleted".
    /// - Throws: ``SyncError/localFolderMissing(_:)``, ``SyncError/rootMarkerMissing(side:path:)``.
    func checkMarkers(pair: SyncPair, sides: PairSides, firstSync: Bool) throws {
        guard sides.localFolderExists else {
            throw SyncError.localFolderMissing(pair.localRoot.path(percentEncoded: false))
        }
        guard !firstSync else { return }
        if !RootMarker.exists(on: sides.local) {
            throw SyncError.rootMarkerMissing(side: .local, path: pair.localRoot.path(percentEncoded: false))
        }
        if !RootMarker.exists(on: sides.pair) {
            throw SyncError.rootMarkerMissing(side: .container, path: sides.pairRoot.path(percentEncoded: false))
        }
    }

    /// Refuses a plan for a side whose root is a symbolic link (never followed), before its marker
    /// is looked for through it. (At apply time a root swapped for a link is caught by the
    /// still-in-place guard instead.)
    /// - Throws: ``SyncError/rootIsLink(side:path:)``.
    func checkRootsAreNotLinks(_ sides: PairSides) throws {
        for side in SyncSide.allCases {
            do {
                _ = try sides[side].entry(at: .root)
            } catch TreeError.rootUnavailable(_, reason: .symbolicLink) {
                throw SyncError.rootIsLink(side: side, path: sides.root(side).path(percentEncoded: false))
            } catch {
                continue  // missing (a first sync's pair folder) or unreadable: the scan reports it
            }
        }
    }
}

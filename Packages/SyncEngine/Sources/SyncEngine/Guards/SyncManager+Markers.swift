import FileTreeInterface
import Foundation

/// The root-marker guards: a side that lost its marker, or whose root is a link, is refused.
extension SyncManager {
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

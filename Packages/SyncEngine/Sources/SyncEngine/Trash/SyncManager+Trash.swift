public import FileTreeInterface
public import Foundation
import LockInterface

extension SyncManager {
    /// Every version kept in the pair's trashes (both sides), newest run first (see
    /// ``TrashItem/isNewer(than:)``).
    /// - Throws: ``SyncError/containerNotAvailable``, or a scan failure wrapped in ``SyncError``.
    public func trash(of pair: SyncPair) throws -> [TrashItem] {
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        return try trashWalks(of: sides).values.flatMap(\.items).sorted { $0.isNewer(than: $1) }
    }

    /// Both sides' trashes, walked whole.
    func trashWalks(of sides: PairSides) throws -> [SyncSide: TrashWalk] {
        var walks: [SyncSide: TrashWalk] = [:]
        for side in SyncSide.allCases {
            walks[side] = try TrashListing.walk(on: sides[side], as: side, location: trashLocation(side, of: sides))
        }
        return walks
    }

    /// The trash folder of `side`, for messages.
    nonisolated func trashLocation(_ side: SyncSide, of sides: PairSides) -> String {
        sides.root(side).appending(path: TrashLayout.folderName, directoryHint: .isDirectory)
            .path(percentEncoded: false)
    }

    /// The version of `path` trashed last, on either side: what `trash restore` puts back.
    /// - Returns: nil when neither trash holds a version of `path`.
    /// - Throws: what ``trash(of:)`` throws.
    public func newestTrashed(_ path: RelativePath, of pair: SyncPair) throws -> TrashItem? {
        try trash(of: pair).first { $0.originalPath == path }
    }

    /// The conflict copies in the pair's local folder.
    public func conflictCopies(of pair: SyncPair) throws -> [RelativePath] {
        let rules = IgnoreRules()
        do {
            return try openSide(at: pair.localRoot).scan { rules.isExcluded($0, kind: $1) }.entries
                .filter { $0.path.name.contains(ReservedNames.conflictOpening) }.map(\.path)
        } catch TreeError.rootUnavailable {
            throw SyncError.localFolderMissing(pair.localRoot.path(percentEncoded: false))
        } catch {
            throw SyncError.wrap(error, path: pair.localRoot.path(percentEncoded: false))
        }
    }

    /// When each machine last synced the pair, from the container's document.
    public func lastSyncs(of pair: SyncPair) throws -> [String: Date] {
        let document = try loadDocument(in: try containerURL(for: pair))
        return (document.pairs[pair.name]?.machines ?? [:]).mapValues(\.lastSync)
    }
}

public import FileTreeInterface
public import Foundation
import LockInterface

extension SyncManager {
    /// Every version kept in the pair's trashes (both sides), newest run first (see
    /// ``TrashItem/isNewer(than:)``).
    /// - Throws: ``SyncError/containerNotAvailable``, or a scan failure wrapped in ``SyncError``.
    public func trash(of pair: SyncPair) throws -> [TrashItem] {
        let sides = try openSides(of: pair, container: try containerURL(for: pair))
        var items: [TrashItem] = []
        for side in SyncSide.allCases {
            let trashPath = sides.root(side).appending(path: TrashLayout.folderName, directoryHint: .isDirectory)
                .path(percentEncoded: false)
            guard let folder = try? sides[side].entry(at: TrashLayout.path) else { continue }
            guard folder.kind == .directory else {
                let reason: TreeError.RootProblem = folder.kind == .symbolicLink ? .symbolicLink : .missingOrNotAFolder
                throw SyncError.wrap(TreeError.rootUnavailable(trashPath, reason: reason), path: trashPath)
            }
            let scan: TreeScan
            do {
                // Only the trash folder is entered: every other name at the root is left out.
                scan = try sides[side].scan { path, _ in path.components.count == 1 && path != TrashLayout.path }
            } catch {
                throw SyncError.wrap(error, path: trashPath)
            }
            for entry in scan.entries where entry.kind == .file && entry.path.components.count >= 3 {
                let original = try RelativePath(components: Array(entry.path.components.dropFirst(2)))
                items.append(
                    TrashItem(
                        side: side, run: entry.path.components[1], originalPath: original, trashPath: entry.path,
                        size: entry.size, modificationNanoseconds: entry.modificationNanoseconds))
            }
        }
        return items.sorted { $0.isNewer(than: $1) }
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

public import FileTreeInterface
public import Foundation
import FileAccessorInterface

extension SyncManager {
    /// Every version kept in the pair's trashes (both sides), newest run first (see
    /// ``TrashItem/isNewer(than:)``).
    /// - Throws: ``SyncError/containerNotAvailable``, or a scan failure wrapped in ``SyncError``.
    public func trash(of pair: SyncPair) throws -> [TrashItem] {
        let roots = try sideRoots(of: pair)
        var items: [TrashItem] = []
        for side in SyncSide.allCases {
            guard let root = roots[side] else { continue }
            let trashRoot = root.appending(path: TrashLayout.folderName, directoryHint: .isDirectory)
            guard dependencies.fileAccessor.fileExists(at: trashRoot) else { continue }
            let scan: TreeScan
            do {
                scan = try dependencies.scanner.scan(root: trashRoot) { _, _ in false }
            } catch {
                throw SyncError.wrap(error, path: trashRoot.path(percentEncoded: false))
            }
            for entry in scan.entries where entry.kind == .file && entry.path.components.count >= 2 {
                let original = try RelativePath(components: Array(entry.path.components.dropFirst()))
                let trashPath = try RelativePath(components: [TrashLayout.folderName] + entry.path.components)
                items.append(TrashItem(
                    side: side, run: entry.path.components[0], originalPath: original, trashPath: trashPath,
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

    /// Puts a trashed version back on its side, at its old path or at `destination`; the next sync
    /// copies it to the other side. Missing folders on the way are created.
    /// - Throws: ``SyncError/io(path:underlying:)`` when something is already at the destination
    ///   (`TreeError.alreadyExists`) or the move fails.
    public func restore(_ item: TrashItem, of pair: SyncPair, to destination: RelativePath? = nil) throws {
        guard let root = try sideRoots(of: pair)[item.side] else { throw SyncError.containerNotAvailable }
        let target = destination ?? item.originalPath
        do {
            var folder = RelativePath.root
            for name in target.parent.components {
                folder = try folder.appending(name)
                do {
                    try dependencies.mutator.makeDirectory(folder, in: root)
                } catch TreeError.alreadyExists {
                    continue
                }
            }
            try dependencies.mutator.moveItem(item.trashPath, to: target, in: root)
            try dependencies.mutator.flush(root)
        } catch {
            throw SyncError.wrap(error, path: root.appending(path: target.text).path(percentEncoded: false))
        }
    }

    /// The conflict copies in the pair's local folder.
    public func conflictCopies(of pair: SyncPair) throws -> [RelativePath] {
        let rules = IgnoreRules()
        do {
            return try dependencies.scanner.scan(root: pair.localRoot) { rules.isExcluded($0, kind: $1) }.entries
                .filter { $0.path.name.contains(" (conflict ") }.map(\.path)
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

    /// Each side's root of `pair`: its local folder, and its folder in the container.
    /// - Throws: ``SyncError/containerNotAvailable``.
    func sideRoots(of pair: SyncPair) throws -> [SyncSide: URL] {
        let container = try containerURL(for: pair)
        return [.local: pair.localRoot, .container: container.appending(path: pair.name, directoryHint: .isDirectory)]
    }
}

import FileTreeInterface

/// Finds entries renamed or moved on one side since the last sync, so the other side renames its
/// copy instead of deleting it and copying it anew (and so a big rename is never counted by the
/// max-delete guard).
///
/// A path `A` deleted on side `S` and a path `B` created there are one rename when the entry at `B`
/// has `A`'s recorded identity (a rename keeps the inode), or, for files, the same size and the
/// recorded digest. The other side must still hold `A` unchanged and nothing at `B`, with `B`'s
/// folder present. Renames inside another detected rename are left to the normal rules.
struct RenameDetector {
    struct Rename: Equatable {
        var side: SyncSide
        var from: RelativePath
        var to: RelativePath
    }

    var local: PathTable<TreeEntry>
    var container: PathTable<TreeEntry>
    var archive: PathTable<ArchiveRecord>
    var digest: (SyncSide, TreeEntry) throws -> ContentDigest
    /// A file-system identity finds a rename by itself, and so does a folder's identity on any
    /// side. A server's version (an ETag, which two files may share) finds a file's rename only
    /// with the same size and time as recorded and the same content as the other side's file at
    /// the old path (one read of each).
    var identityKinds: [SyncSide: SideCapabilities.IdentityKind] = [.local: .fileSystem, .container: .fileSystem]

    /// Sides known to list every recorded path (so nothing was renamed away there).
    var listsEveryRecord: Set<SyncSide> = []

    func detect() -> [Rename] {
        var renames: [Rename] = []
        for side in SyncSide.allCases where !listsEveryRecord.contains(side) {
            let here = side == .local ? local : container
            let there = side == .local ? container : local
            // Most syncs delete nothing: find that out from the keys alone, copying no record.
            guard archive.count > here.count || archive.keys.contains(where: { here[$0] == nil }) else { continue }
            var deletedByIdentity: [FileIdentity: RelativePath] = [:]
            var deletedFilesBySize: [Int64: [RelativePath]] = [:]
            let trusted = identityKinds[side] == .fileSystem
            for (path, record) in archive where here[path] == nil {
                deletedByIdentity[record.snapshot(side).identity] = path
                if record.kind == .file, record.digest != nil {
                    deletedFilesBySize[record.size, default: []].append(path)
                }
            }
            guard !deletedByIdentity.isEmpty || !deletedFilesBySize.isEmpty else { continue }
            var used: Set<RelativePath> = []
            for (path, entry) in here where archive[path] == nil {
                var source = deletedByIdentity[entry.identity].flatMap { archive[$0]?.kind == entry.kind ? $0 : nil }
                if let candidate = source, !trusted, entry.kind == .file,
                    !sameFile(entry, was: candidate, side: side, there: there)
                {
                    source = nil
                }
                // A file that cannot be read is no rename (its own decision reports it).
                if source == nil, entry.kind == .file, let candidates = deletedFilesBySize[entry.size],
                    let value = try? digest(side, entry)
                {
                    source = candidates.first { archive[$0]?.digest == value && !used.contains($0) }
                }
                guard let from = source, !used.contains(from),
                    otherSideStillHolds(from, there: there, side: side.other), there[path] == nil,
                    path.parent.isRoot || there[path.parent]?.kind == .directory,
                    !path.isWithin(from)
                else { continue }
                used.insert(from)
                renames.append(Rename(side: side, from: from, to: path))
            }
        }
        return renames.filter { rename in
            !renames.contains { other in
                other != rename
                    && (rename.from.isWithin(other.from) || rename.to.isWithin(other.to)
                        || rename.from.isWithin(other.to) || rename.to.isWithin(other.from))
            }
        }
    }

    /// Whether `entry`, on a side whose identities are versions, is the file recorded at `path`:
    /// the recorded size and time, and the contents of the other side's file at `path`.
    private func sameFile(_ entry: TreeEntry, was path: RelativePath, side: SyncSide, there: PathTable<TreeEntry>)
        -> Bool
    {
        guard entry.kind == .file, let record = archive[path], let old = there[path], old.kind == .file,
            record.snapshot(side).size == entry.size,
            record.snapshot(side).modificationNanoseconds == entry.modificationNanoseconds,
            let moved = try? digest(side, entry), let kept = try? digest(side.other, old)
        else { return false }
        return moved == kept
    }

    private func otherSideStillHolds(_ path: RelativePath, there: PathTable<TreeEntry>, side: SyncSide) -> Bool {
        guard let record = archive[path], let entry = there[path], entry.kind == record.kind else { return false }
        return record.kind == .directory || record.snapshot(side).matches(entry)
    }
}

extension ArchiveRecord {
    /// The same record under another path.
    func moved(to path: RelativePath) -> ArchiveRecord {
        var copy = self
        copy.path = path
        return copy
    }
}

extension RelativePath {
    /// This path with the prefix `from` replaced by `to` (for a path within `from`).
    func rebased(from: RelativePath, to: RelativePath) -> RelativePath {
        (try? RelativePath(components: to.components + components.dropFirst(from.components.count))) ?? self
    }
}

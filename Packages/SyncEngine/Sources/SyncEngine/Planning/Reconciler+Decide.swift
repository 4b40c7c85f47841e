import FileTreeInterface
import Foundation

/// How each path changed on each side since the archive, and the outcome that follows (the
/// decision table of DESIGN §5).
extension Reconciler {
    /// The decision for `path`, or, when deciding needs contents that cannot be read, a failure
    /// of that path alone: the rest of the plan goes on.
    mutating func decideOrFail(_ path: RelativePath) -> Outcome {
        do {
            return try decide(path)
        } catch {
            return .failed(
                reason: "its contents cannot be read to compare them (\(error)); left as it is on both sides")
        }
    }

    mutating func decide(_ path: RelativePath) throws -> Outcome {
        let l = local[path]
        let c = container[path]
        let record = archive[path]
        let lc = try change(.local, l, record)
        let cc = try change(.container, c, record)
        switch (lc, cc) {
        case (.absent, .absent), (.deleted, .deleted), (.deleted, .absent), (.absent, .deleted):
            return .nothing
        case (.unchanged, .unchanged):
            guard let l, let c else { return .nothing }
            if let record, let side = ModeChange.changedSide(local: l, container: c, record: record) {
                return .setMode(from: side)
            }
            return .keep(digest: record?.digest)
        case (.created, .absent), (.modified, .unchanged), (.modified, .deleted), (.modified, .absent),
            (.created, .deleted):
            return kindsAgreeOrAbsent(l, c) ? .propagate(from: .local) : .conflict
        case (.absent, .created), (.unchanged, .modified), (.deleted, .modified), (.absent, .modified),
            (.deleted, .created):
            return kindsAgreeOrAbsent(l, c) ? .propagate(from: .container) : .conflict
        case (.created, .unchanged), (.unchanged, .created):
            // An unchanged side with no record cannot happen; treat as both present.
            return try bothPresent(path, l, c, record)
        case (.deleted, .unchanged):
            return .remove
        case (.unchanged, .deleted):
            return .remove
        case (.created, .created), (.modified, .modified), (.created, .modified), (.modified, .created):
            return try bothPresent(path, l, c, record)
        case (.unchanged, .absent), (.absent, .unchanged):
            return .nothing
        }
    }

    func kindsAgreeOrAbsent(_ l: TreeEntry?, _ c: TreeEntry?) -> Bool {
        guard let l, let c else { return true }
        return l.kind == c.kind && l.kind == .directory || (l.kind == .file && c.kind == .file)
    }

    /// Both sides have something that changed: equal content is just recorded, else a conflict.
    mutating func bothPresent(_ path: RelativePath, _ l: TreeEntry?, _ c: TreeEntry?, _ record: ArchiveRecord?)
        throws -> Outcome
    {
        guard let l, let c else { return .nothing }
        if l.kind == .directory && c.kind == .directory { return .keep(digest: nil) }
        guard l.kind == .file && c.kind == .file else { return .conflict }
        guard l.size == c.size else { return .conflict }
        let ld = try cachedDigest(.local, l)
        let cd = try cachedDigest(.container, c)
        return ld == cd ? .keep(digest: ld) : .conflict
    }

    /// How one side changed since the archive.
    mutating func change(_ side: SyncSide, _ entry: TreeEntry?, _ record: ArchiveRecord?) throws -> Change {
        switch (entry, record) {
        case (nil, nil): return .absent
        case (.some, nil): return .created
        case (nil, .some): return .deleted
        case (let entry?, let record?):
            if entry.kind != record.kind { return .modified }
            if entry.kind == .directory { return .unchanged(refresh: false) }
            if record.snapshot(side).matches(entry) { return .unchanged(refresh: false) }
            if identityKinds[side] == .fileSystem, record.snapshot(side).differsOnlyByIdentity(entry) {
                return .unchanged(refresh: true)
            }
            if entry.size != record.size { return .modified }
            guard let known = record.digest else { return .modified }
            return try cachedDigest(side, entry) == known ? .unchanged(refresh: true) : .modified
        }
    }

    mutating func cachedDigest(_ side: SyncSide, _ entry: TreeEntry) throws -> ContentDigest {
        if let known = digests[side]?[entry.path] { return known }
        let onDisk = diskPaths[side]?[entry.path].map { entry.moved(to: $0) } ?? entry
        let value = try digest(side, onDisk)
        digests[side]?[entry.path] = value
        return value
    }
}

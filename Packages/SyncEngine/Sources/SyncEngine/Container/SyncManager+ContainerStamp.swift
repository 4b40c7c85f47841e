import FileTreeInterface
import Foundation

extension SyncManager {
    /// The archive a sync plans against, given the container copy now on `sides.pair`, and whether
    /// the sync is a first sync (a merge that deletes nothing).
    ///
    /// The archive describes one copy of the container: the one whose marker carries the stamp it
    /// keeps. A marker with another id (another or a re-created container), a lower sequence (an
    /// older copy: a cloned backup disk, a restored snapshot), or one that cannot be read means the
    /// records say nothing about what is there, so they are set aside, and the sync merges. An
    /// archive from before stamps existed is taken as it is. A missing marker is left to the
    /// marker guard, which refuses the sync.
    /// - Returns: the archive to use (its generation kept, so a plan made against it still applies),
    ///   whether this is a first sync, and a warning when the records were set aside.
    nonisolated func continuity(
        of archive: Archive, sides: PairSides
    ) -> (archive: Archive, isFirstSync: Bool, warning: String?) {
        guard !archive.records.isEmpty else { return (archive, true, nil) }
        guard let archived = archive.container else { return (archive, false, nil) }
        let path = sides.pairRoot.path(percentEncoded: false)
        let reason: String
        switch RootMarker.read(from: sides.pair, location: sides.pair.location) {
        case .absent: return (archive, false, nil)
        case .stamped(let found) where found.continues(archived): return (archive, false, nil)
        case .stamped(let found) where found.id == archived.id:
            reason =
                "is an older copy of the container this machine last synced with (sequence \(found.sequence), expected \(archived.sequence) or later)"
        case .stamped: reason = "is not the container copy this machine last synced with (another id)"
        case .unstamped: reason = "has a root marker without the container id this machine last saw"
        case .damaged(let problem): reason = "has a root marker that cannot be read (\(problem))"
        }
        let setAside = Archive(pair: archive.pair, generation: archive.generation)
        return (setAside, true, "\(path) \(reason): merging as a first sync, deleting nothing")
    }

    /// Writes the container side's marker with the next stamp: the container copy's id (a fresh
    /// one when its marker has none), and a sequence above both the marker's and the archive's.
    /// - Returns: the stamp written, for the archive to keep.
    /// - Throws: ``SyncError`` when the marker cannot be written.
    nonisolated func advanceStamp(of pair: SyncPair, sides: PairSides, archived: ContainerStamp?) throws
        -> ContainerStamp
    {
        let found: ContainerStamp? =
            switch RootMarker.read(from: sides.pair, location: sides.pair.location) {
            case .stamped(let stamp): stamp
            default: nil
            }
        var next = found ?? ContainerStamp.fresh()
        next.sequence = max(found?.sequence ?? 0, archived?.sequence ?? 0) + 1
        try checkStillInPlace(sides.pair, root: sides.pairRoot)
        try RootMarker.write(to: sides.pair, location: sides.pair.location, pair: pair.name, stamp: next)
        return next
    }
}

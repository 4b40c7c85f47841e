import FileTreeInterface
import Foundation

/// What a walk of trash run folders found.
struct TrashWalk {
    /// Every version (a file at least two levels inside the trash folder).
    var items: [TrashItem] = []
    /// Every folder inside the walked run folders, and the run folders themselves.
    var folders: [RelativePath] = []
}

/// Lists a side's trash folder through the side seam: its run folders alone (cheap: one level),
/// or the versions inside some of them.
enum TrashListing {
    /// The names of the run folders in the side's trash (empty when there is no trash), listed
    /// without entering them.
    /// - Throws: ``SyncError`` when the trash is not a folder or cannot be listed.
    static func runs(on side: any SyncSideProviding, location: String) throws -> [String] {
        guard try trashExists(on: side, location: location) else { return [] }
        // Each run folder is named to the exclusion and left out, so none is entered: the listing
        // costs one folder's read, however many versions the runs hold.
        var names: [String] = []
        _ = try scan(side, location: location) { path, kind in
            if path.components.count == 1 { return path != TrashLayout.path }
            if path.components.count == 2 && kind == .directory { names.append(path.name) }
            return true
        }
        return names
    }

    /// The versions (and folders) inside the run folders `runs` names, or inside all of them.
    /// - Throws: ``SyncError`` when the trash is not a folder or cannot be listed.
    static func walk(
        on side: any SyncSideProviding, as which: SyncSide, location: String, runs: Set<String>? = nil
    ) throws -> TrashWalk {
        var walk = TrashWalk()
        guard try trashExists(on: side, location: location) else { return walk }
        let scan = try scan(side, location: location) { path, _ in
            if path.components.count == 1 { return path != TrashLayout.path }
            if path.components.count == 2, let runs { return !runs.contains(path.components[1]) }
            return false
        }
        for entry in scan.entries where entry.path.components.count >= 2 {
            if entry.kind == .directory {
                walk.folders.append(entry.path)
            } else if entry.kind == .file && entry.path.components.count >= 3 {
                let original = try RelativePath(components: Array(entry.path.components.dropFirst(2)))
                walk.items.append(
                    TrashItem(
                        side: which, run: entry.path.components[1], originalPath: original, trashPath: entry.path,
                        size: entry.size, modificationNanoseconds: entry.modificationNanoseconds))
            }
        }
        return walk
    }

    /// Whether the side has a trash folder.
    /// - Throws: ``SyncError`` when something else than a folder is there.
    private static func trashExists(on side: any SyncSideProviding, location: String) throws -> Bool {
        guard let folder = try? side.entry(at: TrashLayout.path) else { return false }
        guard folder.kind == .directory else {
            let reason: TreeError.RootProblem = folder.kind == .symbolicLink ? .symbolicLink : .missingOrNotAFolder
            throw SyncError.wrap(TreeError.rootUnavailable(location, reason: reason), path: location)
        }
        return true
    }

    private static func scan(
        _ side: any SyncSideProviding, location: String, excluding: (RelativePath, EntryKind) -> Bool
    ) throws -> TreeScan {
        do {
            return try side.scan(excluding: excluding)
        } catch {
            throw SyncError.wrap(error, path: location)
        }
    }
}

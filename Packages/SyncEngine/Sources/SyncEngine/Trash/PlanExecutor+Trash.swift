import FileTreeInterface
import Foundation

extension PlanExecutor {
    /// Moves an entry into `<root>/.synccli-trash/<run>/<path>`.
    /// - Returns: whether this call made the run's folder (`<root>/.synccli-trash/<run>`): then
    ///   nothing was in it before this run, so what this run put there is all it holds.
    ///
    /// The folders on the way are made once a run (``trashFolders``); when one of them has gone
    /// since (the move finds nothing there), they are made again and the move tried once more.
    @discardableResult
    func moveToTrash(_ path: RelativePath, on side: SyncSide) throws -> Bool {
        do {
            return try moveToTrash(path, on: side, into: makeTrashFolder(for: path, on: side))
        } catch TreeError.notFound where trashFolders.contains(trashRun, on: side) {
            trashFolders.forget(side)
            return try moveToTrash(path, on: side, into: makeTrashFolder(for: path, on: side))
        }
    }

    /// The run's folder in the trash: `.synccli-trash/<run>`.
    private var trashRun: RelativePath {
        (try? RelativePath(components: [TrashLayout.folderName, trashFolder])) ?? .root
    }

    /// Makes the folders on the way to `path`'s place in the run's trash on `side`, each once a
    /// run (``trashFolders``).
    /// - Returns: the folder, and whether this call made the run's folder.
    private func makeTrashFolder(for path: RelativePath, on side: SyncSide) throws -> (RelativePath, madeRun: Bool) {
        let here = self.side(side)
        let folder = try RelativePath(components: [TrashLayout.folderName, trashFolder] + path.parent.components)
        var current = RelativePath.root
        var madeRun = false
        for (depth, name) in folder.components.enumerated() {
            current = try current.appending(name)
            let made = try trashFolders.ensure(current, on: side) { [current] in
                do {
                    try here.makeDirectory(current)
                    return true
                } catch TreeError.alreadyExists {
                    return false
                }
            }
            if depth == 1, made { madeRun = true }
        }
        return (folder, madeRun)
    }

    private func moveToTrash(
        _ path: RelativePath, on side: SyncSide, into trash: (folder: RelativePath, madeRun: Bool)
    ) throws -> Bool {
        let (folder, madeRun) = trash
        let here = self.side(side)
        // A run interrupted before its archive was saved reuses its trash folder name; never
        // overwrite what an earlier attempt put there.
        for attempt in 1...1000 {
            let name = attempt == 1 ? path.name : "\(path.name) (\(attempt))"
            let destination = try folder.appending(name)
            do {
                do {
                    try here.moveItem(path, to: destination)
                } catch TreeError.crossDevice {
                    try copyIntoTrash(path, to: destination, on: side)
                }
                return madeRun
            } catch TreeError.alreadyExists(let existing) where existing != path {
                continue
            }
        }
        throw TreeError.alreadyExists(try folder.appending(path.name))
    }

    /// Puts a file into the trash when a rename cannot (the file is on another file system than
    /// the trash: a mount point inside the synced folder): copies it into the trash, then removes
    /// it, only if it is still the version copied.
    /// - Throws: ``TreeError/alreadyExists(_:)`` when `destination` is taken (the caller tries
    ///   another name), else a ``CrossDeviceTrashError`` saying in one sentence why the file stays.
    func copyIntoTrash(_ path: RelativePath, to destination: RelativePath, on side: SyncSide) throws {
        let here = self.side(side)
        guard let entry = try here.entry(at: path), entry.kind == .file else {
            throw CrossDeviceTrashError(path: path, side: side, detail: "it is not a file")
        }
        do {
            _ = try here.copyFile(path, from: here, expected: entry, to: destination)
        } catch TreeError.alreadyExists(let taken) where taken == destination {
            throw TreeError.alreadyExists(destination)
        } catch {
            throw CrossDeviceTrashError(path: path, side: side, detail: "copying it there failed too (\(error))")
        }
        guard let now = try here.entry(at: path), now.isUnchanged(comparedTo: entry) else {
            throw CrossDeviceTrashError(
                path: path, side: side, detail: "it changed while it was copied there (the copy is kept)")
        }
        try here.removeItem(path)
    }
}

/// A file that could not be put into the trash across file systems; it stays where it is.
struct CrossDeviceTrashError: Error, CustomStringConvertible {
    var path: RelativePath
    var side: SyncSide
    var detail: String

    var description: String {
        "\(path) (\(side) side) stays: the trash is on another file system (a mount point inside the synced folder?) and \(detail)"
    }
}

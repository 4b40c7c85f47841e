import FileTreeInterface
import Foundation

extension PlanExecutor {
    /// Puts a file into the trash when a rename cannot (the file is on another file system than
    /// the trash: a mount point inside the synced folder): copies it into the trash, then removes
    /// it, only if it is still the version copied.
    /// - Throws: ``TreeError/alreadyExists(_:)`` when `destination` is taken (the caller tries
    ///   another name), else a ``CrossDeviceTrashError`` saying in one sentence why the file stays.
    func copyIntoTrash(_ path: RelativePath, to destination: RelativePath, on side: SyncSide) throws {
        let here = root(side)
        guard let entry = try scanner.entry(at: path, in: here), entry.kind == .file else {
            throw CrossDeviceTrashError(path: path, side: side, detail: "it is not a file")
        }
        do {
            _ = try copier.copyFile(path, in: here, expected: entry, to: destination, in: here)
        } catch TreeError.alreadyExists(let taken) where taken == destination {
            throw TreeError.alreadyExists(destination)
        } catch {
            throw CrossDeviceTrashError(path: path, side: side, detail: "copying it there failed too (\(error))")
        }
        guard let now = try scanner.entry(at: path, in: here), now.isUnchanged(comparedTo: entry) else {
            throw CrossDeviceTrashError(path: path, side: side, detail: "it changed while it was copied there (the copy is kept)")
        }
        try mutator.removeItem(path, in: here)
    }
}

extension TreeError {
    /// Whether this is a rename across file systems (`EXDEV`).
    var isCrossDevice: Bool {
        if case .io(_, EXDEV, _) = self { return true }
        return false
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

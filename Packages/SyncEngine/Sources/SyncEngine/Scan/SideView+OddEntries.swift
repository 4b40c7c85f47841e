import FileTreeInterface

extension SideView {
    /// Sets aside what this side cannot sync, so that it never reads as a deletion:
    /// - a symbolic link (never followed, never copied) and a path the scan could not read (a
    ///   folder that cannot be listed, a device, socket or pipe) are *unknown*: left alone on both
    ///   sides with everything below them, their archive records kept, and reported as not synced;
    /// - a name that cannot be a path (not valid UTF-8) is skipped alone and reported as not
    ///   synced; the rest of its folder syncs.
    ///
    /// The folders holding any of them cannot be removed (they are not empty).
    mutating func setAsideOddEntries(problems: [ScanProblem], side: SyncSide) {
        if listed.contains(where: { $0.kind == .symbolicLink }) {
            for entry in listed where entry.kind == .symbolicLink {
                unsynced.append(
                    UnsyncedPath(
                        side: side, path: entry.path,
                        reason:
                            "a symbolic link; links are not synced, and nothing at its path is changed on either side"))
                unknown.append(entry.path)
            }
            listed.removeAll { $0.kind == .symbolicLink }
        }
        for problem in problems {
            switch problem.extent {
            case .path:
                unknown.append(problem.path)
                unsynced.append(
                    UnsyncedPath(side: side, path: problem.path, reason: "\(problem.reason); left as it is"))
            case .nameInFolder:
                unsynced.append(
                    UnsyncedPath(side: side, path: problem.path, reason: "\(problem.reason); that entry is not synced"))
                hold(problem.path)
            }
        }
        for path in unknown { hold(path.parent) }
    }

    /// Marks `folder` and the folders above it as holding something that stays.
    private mutating func hold(_ folder: RelativePath) {
        var folder = folder
        while !folder.isRoot, holdsExcluded.insert(folder).inserted { folder = folder.parent }
    }
}

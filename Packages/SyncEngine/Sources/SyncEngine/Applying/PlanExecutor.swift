import FileTreeInterface
import Foundation

/// Carries out a plan's actions in order, re-checking each one just before acting.
///
/// An action whose source or destination changed since the plan is skipped with the reason; an
/// action of a group (one path's decision) after a skipped or failed one is skipped too, so a
/// half-done decision never looks done: the group's archive record stays as it was, and the next
/// run sees the change again.
struct PlanExecutor {
    var scanner: any TreeScanning
    var mutator: any TreeMutating
    var copier: any FileCopying
    var localRoot: URL
    var containerRoot: URL
    var trashFolder: String

    /// The groups with an action that did not complete.
    private(set) var unfinishedGroups: Set<RelativePath> = []
    /// The entry each completed action left at (or read from) a path, per side: what the archive
    /// may record there afterwards.
    private(set) var known: [SyncSide: [RelativePath: TreeEntry]] = [.local: [:], .container: [:]]
    // (Mutated in place by `perform`, a mutating method: passing it inout alongside `self` would
    // copy the whole dictionary on every write.)

    init(scanner: any TreeScanning, mutator: any TreeMutating, copier: any FileCopying, localRoot: URL, containerRoot: URL, trashFolder: String) {
        self.scanner = scanner
        self.mutator = mutator
        self.copier = copier
        self.localRoot = localRoot
        self.containerRoot = containerRoot
        self.trashFolder = trashFolder
    }

    func root(_ side: SyncSide) -> URL { side == .local ? localRoot : containerRoot }

    /// Runs every action, recording what happened in `report` and telling `progress` after each.
    mutating func run(_ actions: [SyncAction], into report: inout SyncReport, progress: ((SyncProgress) -> Void)? = nil) {
        for (index, action) in actions.enumerated() {
            defer { progress?(SyncProgress(finished: index + 1, total: actions.count, bytesCopied: report.bytesCopied)) }
            if unfinishedGroups.contains(action.group) {
                report.skipped.append(.init(action: action, reason: "an earlier step for \(action.group) did not complete"))
                continue
            }
            do {
                if let reason = try perform(action, report: &report) {
                    unfinishedGroups.insert(action.group)
                    report.skipped.append(.init(action: action, reason: reason))
                } else {
                    report.done.append(action)
                }
            } catch {
                unfinishedGroups.insert(action.group)
                report.failed.append(.init(action: action, reason: String(describing: error)))
            }
        }
    }

    /// Performs one action.
    /// - Returns: nil when done, or why it was skipped.
    private mutating func perform(_ action: SyncAction, report: inout SyncReport) throws -> String? {
        let here = root(action.side)
        switch action.operation {
        case .copy:
            guard let source = action.source, let expected = action.expected else { return "malformed copy action" }
            do {
                let written = try copier.copyFile(source, in: root(action.side.other), expected: expected, to: action.path, in: here)
                report.copied += 1
                report.bytesCopied += written.size
                known[action.side]?[action.path] = written
                known[action.side.other]?[source] = expected
            } catch TreeError.sourceChanged {
                return "\(source) changed on the \(action.side.other) side since the plan; it will be synced next run"
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            } catch TreeError.notFound(let path) where path == source {
                return "\(source) is gone from the \(action.side.other) side since the plan"
            }
        case .makeDirectory:
            do {
                try mutator.makeDirectory(action.path, in: here)
            } catch TreeError.alreadyExists {
                if try scanner.entry(at: action.path, in: here)?.kind != .directory {
                    return "\(action.path) appeared on the \(action.side) side since the plan"
                }
            }
            report.foldersChanged += 1
        case .trash:
            if let reason = try recheck(action.path, on: action.side, expected: action.expected) { return reason }
            try moveToTrash(action.path, on: action.side)
            if action.isDeletion { report.deleted += 1 } else { report.replaced += 1 }
        case .removeDirectory:
            guard try scanner.entry(at: action.path, in: here)?.kind == .directory else {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            }
            do {
                try mutator.removeEmptyFolder(action.path, in: here)
            } catch TreeError.notAFolder {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            } catch TreeError.folderNotEmpty {
                return "\(action.path) on the \(action.side) side is not empty: new files appeared since the plan"
            }
            report.foldersChanged += 1
        case .move:
            guard let source = action.source else { return "malformed move action" }
            if let reason = try recheck(source, on: action.side, expected: action.expected) { return reason }
            do {
                try mutator.moveItem(source, to: action.path, in: here)
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            }
            if let expected = action.expected { known[action.side]?[action.path] = expected.moved(to: action.path) }
            report.moved += 1
        }
        return nil
    }

    /// Nil when the entry at `path` is still the one expected, else why not.
    private func recheck(_ path: RelativePath, on side: SyncSide, expected: TreeEntry?) throws -> String? {
        let now = try scanner.entry(at: path, in: root(side))
        guard let expected else { return now == nil ? nil : "\(path) appeared on the \(side) side since the plan" }
        guard let now, now.isUnchanged(comparedTo: expected) else {
            return "\(path) changed on the \(side) side since the plan; it will be synced next run"
        }
        return nil
    }

    /// Moves an entry into `<root>/.synccli-trash/<run>/<path>`.
    private func moveToTrash(_ path: RelativePath, on side: SyncSide) throws {
        let here = root(side)
        let folder = try RelativePath(components: [TrashLayout.folderName, trashFolder] + path.parent.components)
        var current = RelativePath.root
        for name in folder.components {
            current = try current.appending(name)
            do {
                try mutator.makeDirectory(current, in: here)
            } catch TreeError.alreadyExists {
                continue
            }
        }
        // A run interrupted before its archive was saved reuses its trash folder name; never
        // overwrite what an earlier attempt put there.
        for attempt in 1...1000 {
            let name = attempt == 1 ? path.name : "\(path.name) (\(attempt))"
            do {
                try mutator.moveItem(path, to: try folder.appending(name), in: here)
                return
            } catch TreeError.alreadyExists(let existing) where existing != path {
                continue
            }
        }
        throw TreeError.alreadyExists(try folder.appending(path.name))
    }
}

/// Where trashed versions live on each side.
enum TrashLayout {
    /// The trash folder's name at each side's root.
    static let folderName = ".synccli-trash"
}

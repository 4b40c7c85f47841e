import FileTreeInterface

/// One action: re-checked against the side, then carried out (or skipped with the reason).
extension PlanExecutor {
    /// Carries out one action (or records why not) in `ledger`.
    func step(_ action: SyncAction, ledger: inout Ledger) {
        if ledger.unfinished.contains(action.group) {
            ledger.report.skipped.append(
                .init(action: action, reason: "an earlier step for \(action.group) did not complete"))
            return
        }
        do {
            if let reason = try perform(action, ledger: &ledger) {
                ledger.unfinished.insert(action.group)
                ledger.report.skipped.append(.init(action: action, reason: reason))
            }
        } catch {
            ledger.unfinished.insert(action.group)
            ledger.report.failed.append(.init(action: action, reason: String(describing: error)))
        }
    }

    /// Performs one action; a copy is only staged (``commitStaged(_:)`` finishes it).
    /// - Returns: nil when done (or staged), or why it was skipped.
    func perform(_ action: SyncAction, ledger: inout Ledger) throws -> String? {
        let here = side(action.side)
        switch action.operation {
        case .copy:
            guard let source = action.source, let expected = action.expected else { return "malformed copy action" }
            do {
                let staged = try here.stageCopy(
                    of: source, from: side(action.side.other), expected: expected, to: action.path)
                ledger.report.bytesCopied += staged.entry.size
                ledger.staged.append((action, staged))
            } catch TreeError.sourceChanged {
                return changedSincePlan(source, on: action.side.other)
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            } catch TreeError.notFound(let path) where path == source {
                return "\(source) is gone from the \(action.side.other) side since the plan"
            }
        case .makeDirectory:
            do {
                try here.makeDirectory(action.path)
            } catch TreeError.alreadyExists {
                if try here.entry(at: action.path)?.kind != .directory {
                    return "\(action.path) appeared on the \(action.side) side since the plan"
                }
            }
            ledger.report.foldersChanged += 1
        case .trash:
            if let reason = try recheck(action.path, on: action.side, expected: action.expected) { return reason }
            let madeRun: Bool
            do {
                madeRun = try moveToTrash(action.path, on: action.side)
            } catch let error as TreeError where Self.changedOrGone(error, action.path) {
                return changedSincePlan(action.path, on: action.side)
            }
            ledger.trashed.note(action.expected, on: action.side, madeRun: madeRun)
            if action.isDeletion { ledger.report.deleted += 1 } else { ledger.report.replaced += 1 }
        case .removeDirectory:
            guard try here.entry(at: action.path)?.kind == .directory else {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            }
            do {
                try here.removeEmptyFolder(action.path)
            } catch TreeError.notAFolder {
                return "\(action.path) is no longer a folder on the \(action.side) side"
            } catch TreeError.folderNotEmpty {
                return "\(action.path) on the \(action.side) side is not empty: new files appeared since the plan"
            }
            ledger.report.foldersChanged += 1
        case .setPermissions:
            guard let mode = action.expected?.permissions else { return "malformed permissions action" }
            guard let now = try here.entry(at: action.path), now.kind == action.expected?.kind else {
                return changedSincePlan(action.path, on: action.side)
            }
            do {
                try here.setPermissions(mode & 0o777, of: action.path)
            } catch let error as TreeError where Self.changedOrGone(error, action.path) {
                return changedSincePlan(action.path, on: action.side)
            }
        case .move:
            guard let source = action.source else { return "malformed move action" }
            if let reason = try recheck(source, on: action.side, expected: action.expected) { return reason }
            do {
                try here.moveItem(source, to: action.path)
            } catch TreeError.alreadyExists {
                return "\(action.path) appeared on the \(action.side) side since the plan"
            } catch let error as TreeError where Self.changedOrGone(error, source) {
                return changedSincePlan(source, on: action.side)
            }
            if let expected = action.expected { ledger.known.note(Seen(expected), at: action.path, on: action.side) }
            ledger.report.moved += 1
        }
        return nil
    }

    /// Nil when the entry at `path` is still the one expected, else why not. A side whose changes
    /// are conditional may answer from what its scan saw: then the change itself finds a later
    /// write or removal (``changedOrGone(_:_:)``), said as ``changedSincePlan(_:on:)``.
    func recheck(_ path: RelativePath, on side: SyncSide, expected: TreeEntry?) throws -> String? {
        let now = try self.side(side).entry(at: path)
        guard let expected else { return now == nil ? nil : "\(path) appeared on the \(side) side since the plan" }
        guard let now, now.isUnchanged(comparedTo: expected) else { return changedSincePlan(path, on: side) }
        return nil
    }

    /// Whether `error` says `path` changed or went since it was seen (a change conditional on what
    /// the scan saw finds either).
    static func changedOrGone(_ error: TreeError, _ path: RelativePath) -> Bool {
        switch error {
        case .sourceChanged(let changed), .notFound(let changed): changed == path
        default: false
        }
    }

    /// Why an action on `path` was skipped when it changed on `side` since the plan.
    func changedSincePlan(_ path: RelativePath, on side: SyncSide) -> String {
        "\(path) changed on the \(side) side since the plan; it will be synced next run"
    }
}

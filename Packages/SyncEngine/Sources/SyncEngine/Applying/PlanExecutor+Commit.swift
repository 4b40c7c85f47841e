import FileTreeInterface

/// Committing the staged copies of a batch, side by side.
extension PlanExecutor {
    /// Commits every staged copy, side by side, and records each one's outcome.
    func commitStaged(_ ledger: inout Ledger) {
        let pending = ledger.staged
        ledger.staged = []
        for side in SyncSide.allCases {
            let mine = pending.filter { $0.action.side == side }
            guard !mine.isEmpty else { continue }
            let results = self.side(side).commit(mine.map(\.copy))
            for (index, item) in mine.enumerated() {
                let result =
                    index < results.count ? results[index] : .failure(TreeError.missingCommitResult(item.action.path))
                Self.record(item.action, item.copy, result, in: &ledger)
            }
        }
    }

    /// Records how a staged copy's commit ended.
    static func record(
        _ action: SyncAction, _ copy: StagedCopy, _ result: Result<TreeEntry, TreeError>, in ledger: inout Ledger
    ) {
        switch result {
        case .success(let written):
            ledger.report.copied += 1
            ledger.known.note(Seen(written), at: action.path, on: action.side)
            if let source = action.source, let expected = action.expected {
                ledger.known.note(Seen(expected), at: source, on: action.side.other)
            }
        case .failure(let error):
            ledger.report.bytesCopied -= copy.entry.size
            ledger.unfinished.insert(action.group)
            if case .alreadyExists = error {
                ledger.report.skipped.append(
                    .init(action: action, reason: "\(action.path) appeared on the \(action.side) side since the plan"))
            } else {
                ledger.report.failed.append(.init(action: action, reason: String(describing: error)))
            }
        }
    }
}

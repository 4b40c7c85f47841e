import FileTreeInterface

/// Which paths the decision reaches: those settled as recorded, those unknown, and the folders
/// that must stay because something inside them stays.
extension Reconciler {
    /// Whether `path` is a file on both sides exactly as the archive records it: its decision
    /// would be to keep the same record, so it needs no outcome at all. (Its folders exist on both
    /// sides, so it can keep no folder from being removed.) Only valid before renames re-key the
    /// archive.
    func isSettled(_ path: RelativePath, _ record: ArchiveRecord) -> Bool {
        guard let l = local[path], let c = container[path] else { return false }
        return Settlement.settles(record, local: l, container: c)
    }

    /// Whether `path` is an unknown path or lies below one (looked up per ancestor).
    func isUnknown(_ path: RelativePath) -> Bool {
        var current = path
        while true {
            if unknown.contains(current) { return true }
            if current.isRoot { return false }
            current = current.parent
        }
    }

    /// A folder whose contents stay must stay too: turn its removal into keeping (or re-creating) it.
    func keepAncestors(of outcomes: inout [RelativePath: Outcome]) {
        guard outcomes.values.contains(where: { if case .remove = $0 { true } else { false } }) else { return }
        let staying = outcomes.filter { path, outcome in
            switch outcome {
            case .remove, .nothing: false
            default: !path.parent.isRoot
            }
        }.keys
        for side in SyncSide.allCases {
            for folder in holdsExcluded[side] ?? [] where entries(side)[folder]?.kind == .directory {
                if case .remove? = outcomes[folder] { outcomes[folder] = .propagate(from: side) }
            }
        }
        for path in staying {
            var folder = path.parent
            while !folder.isRoot {
                if case .remove? = outcomes[folder] {
                    let keeper: SyncSide = local[folder]?.kind == .directory ? .local : .container
                    outcomes[folder] = .propagate(from: keeper)
                }
                folder = folder.parent
            }
        }
    }
}

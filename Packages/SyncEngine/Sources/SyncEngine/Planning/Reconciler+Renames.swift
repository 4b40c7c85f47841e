import FileTreeInterface
import Foundation

/// Renames found on one side, carried out as moves on the other.
extension Reconciler {
    /// as if the move were done, so the rest of the plan sees the renamed tree.
    mutating func applyRenames() {
        var detector = RenameDetector(local: local, container: container, archive: archive) { [digest] side, entry in
            try digest(side, entry)
        }
        detector.identityKinds = identityKinds
        if let settlement {
            detector.listsEveryRecord = Set(SyncSide.allCases.filter { settlement.recorded[$0] == archive.count })
        }
        let renames = detector.detect()
        for rename in renames {
            let other = rename.side.other
            guard let moving = entries(other)[rename.from] else { continue }
            add(
                SyncAction(
                    .move, on: other, path: rename.to, source: rename.from, expected: moving, group: rename.to,
                    reason: "renamed from \(rename.from) on the \(rename.side) side"))
            var view = entries(other)
            for (path, entry) in view where path.isWithin(rename.from) {
                let target = path.rebased(from: rename.from, to: rename.to)
                view[path] = nil
                view[target] = entry.moved(to: target)
                diskPaths[other]?[target] = path
            }
            if other == .local { local = view } else { container = view }
            for (path, record) in archive where path.isWithin(rename.from) {
                archive[path] = nil
                let target = path.rebased(from: rename.from, to: rename.to)
                archive[target] = record.moved(to: target)
                addRecord(RecordUpdate(path: path, change: .remove, group: rename.to))
            }
            renameGroups.append((rename.to, rename.to))
        }
    }
}

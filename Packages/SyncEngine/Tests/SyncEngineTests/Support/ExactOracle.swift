import FileTreeInterface
import Foundation
import InMemorySupport

@testable import SyncEngine

/// Holds every sync of a rig's machines to ``ReferenceModel``: before a sync it reads both trees
/// and predicts every action; after a complete sync it compares the report's actions and conflicts
/// with the prediction, both ways (nothing missing, nothing more), and records the archive the
/// sync left. A sync that did not complete leaves its machine's archive unknown, and that
/// machine's next sync unpredicted, until one completes again.
struct ExactOracle {
    /// Each machine's archive as its last complete sync left it; absent: not known.
    var archives: [String: [String: ReferenceModel.Record]]
    /// How many syncs were predicted and compared.
    var checked = 0

    init(machines: [String]) {
        archives = Dictionary(uniqueKeysWithValues: machines.map { ($0, [:]) })
    }

    /// What a sync of `machine` must do now, or nil when its archive is unknown or the rig's
    /// container is on a server (whose entries the model does not read).
    func predict(_ machine: String, rig: TestRig) -> ReferenceModel.Prediction? {
        guard let archive = archives[machine], let local = rig.modelTree(of: rig.localRoot(machine)),
            let container = rig.modelTree(of: rig.pairRoot)
        else { return nil }
        return ReferenceModel.predict(local: local, container: container, archive: archive)
    }

    /// How the report of a sync of `machine` differs from `prediction` (empty: exactly as
    /// predicted); then records the archive the sync left, or forgets it if the sync did not complete.
    mutating func check(
        _ machine: String, rig: TestRig, predicted prediction: ReferenceModel.Prediction?, report: SyncReport?
    ) -> [String] {
        guard let report, report.isComplete else {
            archives[machine] = nil
            return []
        }
        var mismatches: [String] = []
        if let prediction {
            checked += 1
            mismatches = Self.differences(prediction, report)
        }
        if let local = rig.modelTree(of: rig.localRoot(machine)), let container = rig.modelTree(of: rig.pairRoot) {
            archives[machine] = ReferenceModel.archive(
                local: local, container: container, compared: prediction?.compared)
        } else {
            archives[machine] = nil
        }
        return mismatches
    }

    /// The report's actions and conflicts against the prediction, each difference one phrase.
    static func differences(_ prediction: ReferenceModel.Prediction, _ report: SyncReport) -> [String] {
        var mismatches: [String] = []
        var names: [String: String] = [:]
        for conflict in report.conflicts {
            guard let kept = conflict.keptAs?.description else { continue }
            let path = conflict.path.description
            if !ReferenceModel.isConflictCopy(kept, of: path) {
                mismatches.append("the conflict copy of \(path) is named \(kept), not as a conflict copy beside it")
            }
            names[ReferenceModel.copyToken(of: path)] = kept
        }
        let expected = prediction.actions.map { action in
            names.reduce(action) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        let done = report.done.map { action in
            "\(action.operation.rawValue) \(action.side) \(action.path)"
                + (action.operation == .move ? " <- \(action.source?.description ?? "?")" : "")
        }
        var remaining = expected
        var extra: [String] = []
        for action in done {
            if let index = remaining.firstIndex(of: action) {
                remaining.remove(at: index)
            } else {
                extra.append(action)
            }
        }
        if !extra.isEmpty { mismatches.append("did more than it must: \(extra.sorted())") }
        if !remaining.isEmpty { mismatches.append("did not do: \(remaining.sorted())") }
        let conflicts = Set(report.conflicts.map(\.path.description))
        if conflicts != prediction.conflicts {
            mismatches.append(
                "reported conflicts at \(conflicts.sorted()), the model expects \(prediction.conflicts.sorted())")
        }
        return mismatches
    }
}

extension TestRig {
    /// The tree below `root` as ``ReferenceModel`` sees it, the tool's own `.synccli` entries
    /// aside; nil when `root` is on the rig's server.
    func modelTree(of root: URL) -> [String: ReferenceModel.Entry]? {
        if onServer(root) != nil { return nil }
        let base = PathKey(root)
        return world.withTree { tree in
            var result: [String: ReferenceModel.Entry] = [:]
            for path in tree.paths(below: base) {
                let relative = path.components.dropFirst(base.components.count)
                    .map { String(decoding: $0, as: UTF8.self) }
                guard !relative.contains(where: { $0.hasPrefix(".synccli") }), let entry = tree.entry(at: path)
                else { continue }
                result[relative.joined(separator: "/")] = ReferenceModel.Entry(
                    isFolder: entry.isDirectory, text: entry.data.map { String(decoding: $0, as: UTF8.self) } ?? "",
                    identity: entry.identity, modified: entry.modificationNanoseconds)
            }
            return result
        }
    }
}

/// A deliberately small model of what one sync must do, written from DESIGN §5 (the decision
/// table, renames, conflicts), not from the engine's code: the exact oracle the randomized and
/// decision-table suites hold each sync's report to. It predicts every action by operation, side
/// and path, so a sync that copies, trashes, moves or keeps a conflict copy more than it must
/// fails even though every version survives.
///
/// Paths are "/"-separated strings relative to the pair's folder; a conflict copy's name is the
/// engine's choice (a date and a machine), so it is predicted as ``copyToken(of:)`` and filled in
/// from the report's conflicts.
struct ReferenceModel {
    enum Side: String, CaseIterable {
        case local, container
        var other: Side { self == .local ? .container : .local }
    }

    /// One entry of a tree: a folder, or a file's text; its identity (new with every write, kept
    /// by a move) and its modification time.
    struct Entry: Equatable {
        var isFolder: Bool
        var text: String
        var identity: UInt64
        var modified: Int64
    }

    /// What the last complete sync left on both sides of one path.
    struct Record: Equatable {
        var isFolder: Bool
        var text: String
        var identity: [Side: UInt64]
        /// Whether the sync that recorded the file read its contents (to compare two sides, or a
        /// change of the same size): only then does a later write of the same text count as no
        /// change, as telling it apart from an edit needs the contents recorded. Nil: not known
        /// (recorded by a sync the model did not predict).
        var compared: Bool? = false
    }

    /// The operations a sync must carry out, each "operation side path" (a move adds "<- source"),
    /// and the paths it must keep a conflict copy of.
    struct Prediction {
        var actions: [String] = []
        var conflicts: Set<String> = []
        /// Whether each file's record holds its contents' digest after the sync (nil: not known).
        var compared: [String: Bool?] = [:]
    }

    var trees: [Side: [String: Entry]]
    var archive: [String: Record]

    /// What a sync that finds these trees and this archive must do; nil when that depends on
    /// whether a rewritten file's contents were recorded, and the model does not know.
    static func predict(local: [String: Entry], container: [String: Entry], archive: [String: Record]) -> Prediction? {
        var model = ReferenceModel(trees: [.local: local, .container: container], archive: archive)
        let uncertain = archive.contains { path, record in
            record.compared == nil && !record.isFolder
                && (Side.allCases.contains { side in
                    model.trees[side]?[path].map { $0.identity != record.identity[side] && $0.text == record.text }
                        ?? false
                }
                    || Side.allCases.contains { side in
                        model.trees[side]?[path] == nil
                            && model.trees[side]?.contains { $0.value.text == record.text } == true
                    })
        }
        return uncertain ? nil : model.predict()
    }

    /// The archive a complete sync leaves: both sides equal, every path recorded as it is; nil when
    /// the sides differ (the next sync's archive is then unknown to the model).
    static func archive(local: [String: Entry], container: [String: Entry], compared: [String: Bool?]?)
        -> [String: Record]?
    {
        guard local.keys == container.keys else { return nil }
        var archive: [String: Record] = [:]
        for (path, entry) in local {
            guard let other = container[path], other.isFolder == entry.isFolder, other.text == entry.text else {
                return nil
            }
            archive[path] = Record(
                isFolder: entry.isFolder, text: entry.text,
                identity: [.local: entry.identity, .container: other.identity],
                compared: compared.map { $0[path] ?? false } ?? nil)
        }
        return archive
    }

    static func copyToken(of path: String) -> String { "<conflict copy of \(path)>" }

    // MARK: Paths

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func name(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func isWithin(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether `candidate` is named as a conflict copy of `path`: `stem (conflict …).ext` beside it.
    static func isConflictCopy(_ candidate: String, of path: String) -> Bool {
        guard parent(candidate) == parent(path) else { return false }
        let name = name(path)
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ext = dot.map { String(name[$0...]) } ?? ""
        return Self.name(candidate).hasPrefix(stem + " (conflict ") && Self.name(candidate).hasSuffix(")" + ext)
    }

    // MARK: Predicting

    enum Change { case absent, created, deleted, unchanged, modified }
    enum Outcome {
        case nothing, keep
        case propagate(Side)
        case remove, conflict
    }

    mutating func predict() -> Prediction {
        var prediction = Prediction()
        for rename in renames() {
            let other = rename.side.other
            prediction.actions.append("move \(other) \(rename.to) <- \(rename.from)")
            trees[other] = rebased(trees[other] ?? [:], from: rename.from, to: rename.to)
            archive = rebased(archive, from: rename.from, to: rename.to)
        }
        let paths = Set(trees[.local, default: [:]].keys).union(trees[.container, default: [:]].keys)
            .union(archive.keys)
        var outcomes: [String: Outcome] = [:]
        for path in paths { outcomes[path] = decide(path) }
        keepFolders(of: &outcomes)
        for path in outcomes.keys.sorted() {
            emit(outcomes[path] ?? .nothing, path, into: &prediction)
            prediction.compared.updateValue(isCompared(path, after: outcomes[path] ?? .nothing), forKey: path)
        }
        return prediction
    }

    func change(_ side: Side, _ path: String) -> Change {
        switch (trees[side]?[path], archive[path]) {
        case (nil, nil): .absent
        case (.some, nil): .created
        case (nil, .some): .deleted
        case (let entry?, let record?):
            entry.isFolder != record.isFolder
                ? .modified
                : entry.isFolder || entry.identity == record.identity[side]
                    ? .unchanged
                    : entry.text == record.text && record.compared == true ? .unchanged : .modified
        }
    }

    /// Whether the file at `path` has its contents recorded after the sync: both sides compared
    /// equal, a record that had them and still holds, or a change of the same size (read to
    /// tell it from the record).
    func isCompared(_ path: String, after outcome: Outcome) -> Bool? {
        let record = archive[path]
        switch outcome {
        case .keep:
            guard let l = trees[.local]?[path], !l.isFolder else { return false }
            // Kept as recorded: the record's digest stays; both changed to the same: compared.
            if let record, !record.isFolder, change(.local, path) == .unchanged,
                change(.container, path) == .unchanged
            {
                return record.compared
            }
            return true
        case .propagate(let side):
            guard let entry = trees[side]?[path], !entry.isFolder, let record, !record.isFolder,
                entry.identity != record.identity[side], entry.text.utf8.count == record.text.utf8.count
            else { return false }
            return record.compared
        default: return false
        }
    }

    /// The decision table: one changed side wins; a deletion against an unchanged side removes;
    /// two changes agree (kept) or conflict.
    func decide(_ path: String) -> Outcome {
        let l = trees[.local]?[path]
        let c = trees[.container]?[path]
        let sameKind = l == nil || c == nil || l?.isFolder == c?.isFolder
        switch (change(.local, path), change(.container, path)) {
        case (.absent, .absent), (.absent, .deleted), (.deleted, .absent), (.deleted, .deleted),
            (.absent, .unchanged), (.unchanged, .absent):
            return .nothing
        case (.unchanged, .unchanged): return .keep
        case (.deleted, .unchanged), (.unchanged, .deleted): return .remove
        case (.created, .absent), (.created, .deleted), (.modified, .absent), (.modified, .deleted),
            (.modified, .unchanged):
            return sameKind ? .propagate(.local) : .conflict
        case (.absent, .created), (.deleted, .created), (.absent, .modified), (.deleted, .modified),
            (.unchanged, .modified):
            return sameKind ? .propagate(.container) : .conflict
        default:
            guard let l, let c else { return .nothing }
            if l.isFolder && c.isFolder { return .keep }
            return !l.isFolder && !c.isFolder && l.text == c.text ? .keep : .conflict
        }
    }

    /// A folder something inside stays in is kept (made again where it was removed), not removed.
    func keepFolders(of outcomes: inout [String: Outcome]) {
        let staying = outcomes.filter { _, outcome in
            switch outcome {
            case .nothing, .remove: false
            default: true
            }
        }.keys
        for path in staying {
            var folder = Self.parent(path)
            while !folder.isEmpty {
                if case .remove? = outcomes[folder] {
                    outcomes[folder] = .propagate(trees[.local]?[folder]?.isFolder == true ? .local : .container)
                }
                folder = Self.parent(folder)
            }
        }
    }

    func emit(_ outcome: Outcome, _ path: String, into prediction: inout Prediction) {
        switch outcome {
        case .nothing, .keep: break
        case .remove:
            for side in Side.allCases {
                guard let entry = trees[side]?[path] else { continue }
                prediction.actions.append("\(entry.isFolder ? "removeDirectory" : "trash") \(side) \(path)")
            }
        case .propagate(let side):
            guard let entry = trees[side]?[path] else { return }
            let target = side.other
            if entry.isFolder {
                if trees[target]?[path] == nil {
                    prediction.actions += ["makeDirectory \(target) \(path)", "setPermissions \(target) \(path)"]
                }
            } else {
                if trees[target]?[path] != nil { prediction.actions.append("trash \(target) \(path)") }
                prediction.actions.append("copy \(target) \(path)")
            }
        case .conflict:
            emitConflict(path, into: &prediction)
        }
    }
}

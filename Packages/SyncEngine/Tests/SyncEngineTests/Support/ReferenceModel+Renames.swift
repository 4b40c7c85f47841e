/// Renames and conflicts in the reference model.
extension ReferenceModel {
    struct Rename: Equatable {
        var side: Side
        var from: String
        var to: String
    }

    /// Entries that left an archived path on one side and appeared at a new one there (the same
    /// identity, or for a file the same text), while the other side still holds the old path as
    /// recorded and has nothing at the new one but its folder: the other side moves its copy too.
    /// A rename inside another one is left to the decision table.
    func renames() -> [Rename] {
        var renames: [Rename] = []
        for side in Side.allCases {
            let here = trees[side] ?? [:]
            let there = trees[side.other] ?? [:]
            let gone = archive.filter { here[$0.key] == nil }
            guard !gone.isEmpty else { continue }
            var used: Set<String> = []
            for (path, entry) in here.sorted(by: { $0.key < $1.key }) where archive[path] == nil {
                var source = gone.first {
                    $0.value.identity[side] == entry.identity && $0.value.isFolder == entry.isFolder
                }?
                .key
                if source == nil, !entry.isFolder {
                    source =
                        gone.filter {
                            !$0.value.isFolder && $0.value.compared == true && $0.value.text == entry.text
                                && !used.contains($0.key)
                        }
                        .keys.sorted().first
                }
                guard let from = source, !used.contains(from), let record = archive[from], let old = there[from],
                    old.isFolder == record.isFolder, record.isFolder || old.identity == record.identity[side.other],
                    there[path] == nil, Self.parent(path).isEmpty || there[Self.parent(path)]?.isFolder == true,
                    !Self.isWithin(path, from)
                else { continue }
                used.insert(from)
                renames.append(Rename(side: side, from: from, to: path))
            }
        }
        return renames.filter { rename in
            !renames.contains { other in
                other != rename
                    && (Self.isWithin(rename.from, other.from) || Self.isWithin(rename.to, other.to)
                        || Self.isWithin(rename.from, other.to) || Self.isWithin(rename.to, other.from))
            }
        }
    }

    func rebased<Value>(_ tree: [String: Value], from: String, to: String) -> [String: Value] {
        var result: [String: Value] = [:]
        for (path, value) in tree {
            result[Self.isWithin(path, from) ? to + path.dropFirst(from.count) : path] = value
        }
        return result
    }

    /// Both sides changed differently. Two files: the newer keeps the name, the other is kept as a
    /// conflict copy on both sides. A file against a folder: the folder keeps the name, the file
    /// becomes the conflict copy, unless that file is as last synced and the folder's side already
    /// keeps it as a conflict copy (another machine resolved it): then it is only trashed.
    func emitConflict(_ path: String, into prediction: inout Prediction) {
        guard let l = trees[.local]?[path], let c = trees[.container]?[path] else { return }
        let copy = Self.copyToken(of: path)
        if l.isFolder != c.isFolder {
            let fileSide: Side = l.isFolder ? .container : .local
            let file = fileSide == .local ? l : c
            let folderSide = trees[fileSide.other] ?? [:]
            let resolvedElsewhere =
                archive[path].map { !$0.isFolder && $0.identity[fileSide] == file.identity } == true
                && folderSide.contains { candidate, entry in
                    !entry.isFolder && entry.text == file.text && Self.isConflictCopy(candidate, of: path)
                }
            if resolvedElsewhere {
                prediction.actions += [
                    "trash \(fileSide) \(path)", "makeDirectory \(fileSide) \(path)",
                    "setPermissions \(fileSide) \(path)",
                ]
                return
            }
            prediction.actions += [
                "move \(fileSide) \(copy) <- \(path)", "makeDirectory \(fileSide) \(path)",
                "setPermissions \(fileSide) \(path)", "copy \(fileSide.other) \(copy)",
            ]
        } else {
            let winner: Side = c.modified > l.modified ? .container : .local
            let loser = winner.other
            prediction.actions += [
                "move \(loser) \(copy) <- \(path)", "copy \(loser) \(path)", "copy \(winner) \(copy)",
            ]
        }
        prediction.conflicts.insert(path)
    }
}

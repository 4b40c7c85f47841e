import FileTreeInterface
import Foundation

/// Finds names that differ only by case or Unicode normalization within one folder: on a
/// case-insensitive or normalizing file system (a cloud drive, a USB stick) they are one file, so
/// copying one over the other would silently overwrite.
struct NameIndex {
    private var folded: [RelativePath: [String: [String]]] = [:]

    init(_ paths: some Sequence<RelativePath>) {
        for path in paths { add(path) }
    }

    mutating func add(_ path: RelativePath) {
        folded[path.parent, default: [:]][Self.fold(path.name), default: []].append(path.name)
    }

    /// Another name in the same folder that folds to the same key as `path`'s name, if any.
    func collision(for path: RelativePath) -> String? {
        let names = folded[path.parent]?[Self.fold(path.name)] ?? []
        return names.first { !$0.utf8.elementsEqual(path.name.utf8) }
    }

    static func fold(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased()
    }
}

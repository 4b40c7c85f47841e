import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let keptRootCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a root moved away and replaced by a link after a first call is still the folder first opened",
            check: keptRootIsUsed)
    ]

    /// Found by the boundary corpus (Differential/): the Live keeps each root from its first use
    /// (so a folder swapped for a link sends nothing elsewhere, issue 9 item 2); the Mock looked
    /// the path up again on every call. `<source>/r` is the root; the mutator moves it within
    /// `source`, where it is an ordinary folder, and a link to `destination` takes its name.
    static func keptRootIsUsed(_ f: FileTreeContractFixture) throws {
        try f.folder("r", in: f.source)
        try f.file("r/inside", in: f.source)
        let root = f.source.appending(path: "r", directoryHint: .isDirectory)
        let first = try f.scanner.scan(root: root) { _, _ in false }
        try require(first.entries.map(\.path.text) == ["inside"], "the first scan lists \(first.entries.map(\.path))")
        try f.mutator.flush(root)  // the mutator's first call about the root

        try f.mutator.moveItem(try RelativePath("r"), to: try RelativePath("r.old"), in: f.source)
        try f.link("r", in: f.source, to: f.destination.path(percentEncoded: false))
        let again: TreeScan
        do {
            again = try f.scanner.scan(root: root) { _, _ in false }
            try f.mutator.makeDirectory(try RelativePath("made"), in: root)
        } catch {
            throw ContractViolation(description: "a call about a root opened before failed once it moved: \(error)")
        }
        try require(
            again.entries.map(\.path.text) == ["inside"],
            "a later scan lists \(again.entries.map(\.path)), not the folder first opened")
        try require(
            try f.names(in: try RelativePath("r.old"), of: f.source) == ["inside", "made"],
            "makeDirectory did not reach the folder")
        try require(try f.names(in: .root, of: f.destination).isEmpty, "a call went through the link into its target")
    }
}

import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let linkAboveRootCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name:
                "a link in a folder above the root is followed (the user chose that path); the root's own link is not",
            check: linkAboveRootIsFollowed)
    ]

    /// Found by the boundary corpus (Differential/): the Live opens a root's parent by path, so
    /// `<source>/via/sub` with `via` a link to another folder is that folder's `sub`; the Mock
    /// resolved no link on the way to a root and said rootUnavailable.
    static func linkAboveRootIsFollowed(_ f: FileTreeContractFixture) throws {
        let sub = try f.folder("sub", in: f.destination)
        try f.file("sub/inner", in: f.destination)
        try f.link("via", in: f.source, to: f.destination.path(percentEncoded: false))
        try f.link("sublink", in: f.destination, to: "sub")
        let root = f.source.appending(path: "via/sub", directoryHint: .isDirectory)

        let scan: TreeScan
        do {
            scan = try f.scanner.scan(root: root) { _, _ in false }
            try f.mutator.makeDirectory(try RelativePath("made"), in: root)
        } catch {
            throw ContractViolation(description: "a root reached through a link above it was refused: \(error)")
        }
        try require(
            scan.entries.map(\.path.text) == ["inner"],
            "a scan through a link above the root lists \(scan.entries.map(\.path))")
        try require(
            try f.names(in: sub, of: f.destination) == ["inner", "made"], "makeDirectory did not reach the folder")
        try requireTreeError(
            "a scan of a root that is itself a link, below a link", expecting: "rootUnavailable(symbolicLink)",
            {
                try f.scanner.scan(root: f.source.appending(path: "via/sublink", directoryHint: .isDirectory)) { _, _ in
                    false
                }
            },
            matches: { error in
                if case .rootUnavailable(_, .symbolicLink) = error { return true }
                return false
            })
    }
}

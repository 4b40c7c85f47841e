import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let specialFileCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name:
                "a named pipe is a scan problem of its path, refused by entry, digest, bits and copies, and can be removed",
            check: namedPipeIsRefused)
    ]

    /// Found by the boundary corpus (Differential/): the Mock's world held no special files, so
    /// what the Live does with a pipe another program left in a shared folder was never compared.
    /// Skipped for a fixture that cannot make a pipe.
    static func namedPipeIsRefused(_ f: FileTreeContractFixture) throws {
        guard let makeNamedPipe = f.makeNamedPipeAt else { return }
        let kept = try f.file("kept", in: f.source)
        let pipe = try RelativePath("pipe")
        try makeNamedPipe(f.url(pipe, in: f.source))

        let scan = try f.scanner.scan(root: f.source) { _, _ in false }
        try require(scan.entries.map(\.path) == [kept], "a scan lists \(scan.entries.map(\.path)), expected only kept")
        try require(
            scan.problems.map(\.path) == [pipe] && scan.problems.map(\.extent) == [.path],
            "a scan reports \(scan.problems), expected one problem of the pipe's whole path")
        try requireIOError(pipe, code: EINVAL, "entry(at:) of a pipe") { try f.scanner.entry(at: pipe, in: f.source) }
        try requireIOError(pipe, code: EINVAL, "digest of a pipe") { try f.copier.digest(of: pipe, in: f.source) }
        try requireIOError(pipe, code: EINVAL, "setPermissions of a pipe") {
            try f.mutator.setPermissions(0o600, of: pipe, in: f.source)
        }
        try requireTreeError(.notAFolder(try pipe.appending("x")), "entry(at:) below a pipe") {
            try f.scanner.entry(at: try pipe.appending("x"), in: f.source)
        }
        let expected = TreeEntry(
            path: pipe, kind: .file, size: 0, modificationNanoseconds: 0, identity: FileIdentity(device: 0, inode: 0),
            permissions: 0o644)
        try requireTreeError(.sourceChanged(pipe), "a copy of a pipe") {
            try f.copier.copyFile(pipe, in: f.source, expected: expected, to: pipe, in: f.destination)
        }
        try require(try f.names(in: .root, of: f.destination).isEmpty, "a refused copy left something behind")
        try f.mutator.removeItem(pipe, in: f.source)
        try require(try f.names(in: .root, of: f.source) == ["kept"], "removeItem left the pipe")
    }
}

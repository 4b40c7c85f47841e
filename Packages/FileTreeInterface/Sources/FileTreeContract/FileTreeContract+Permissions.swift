import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let permissionCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "setPermissions sets a file's and a folder's bits masked to 0o777, keeping time and identity",
            check: setPermissions),
        FileTreeContractCase(
            name: "setPermissions refuses a link (its target keeps its bits), nothing, a file on the way and the root",
            check: setPermissionsRefusals),
    ]

    static func setPermissions(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("tool", in: root, permissions: 0o644)
        let folder = try f.folder("private", in: root)
        let shared = try f.folder("shared", in: root)
        let before = try [file, folder, shared].map { try requireEntry(f, $0, in: root) }

        try f.mutator.setPermissions(0o6755, of: file, in: root)
        try f.mutator.setPermissions(0o700, of: folder, in: root)
        try f.mutator.setPermissions(0o1777, of: shared, in: root)

        let after = try [file, folder, shared].map { try requireEntry(f, $0, in: root) }
        let bits = after.map(\.permissions)
        try require(bits == [0o755, 0o700, 0o777], "expected [0o755, 0o700, 0o777], got \(bits.map(octal))")
        for (old, new) in zip(before, after) {
            try require(old.identity == new.identity, "\(old.path): setPermissions changed its identity")
            try require(
                old.kind == new.kind && old.size == new.size, "\(old.path): setPermissions changed its kind or size")
        }
        try require(
            after[0].modificationNanoseconds == FileTreeContractFixture.sampleTime,
            "setPermissions changed a file's modification time")
        try f.mutator.setPermissions(0o755, of: folder, in: root)  // leave the folder easy to clean up
    }

    static func setPermissionsRefusals(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let target = try f.file("target", in: root, permissions: 0o600)
        let link = try f.link("link", in: root, to: "target")
        try requireIOError(link, code: ELOOP, "setPermissions of a symbolic link") {
            try f.mutator.setPermissions(0o777, of: link, in: root)
        }
        let kept = try requireEntry(f, target, in: root).permissions
        try require(kept == 0o600, "setPermissions of a link changed its target to \(octal(kept))")
        try require(try requireEntry(f, link, in: root).kind == .symbolicLink, "the link is no longer a link")

        let missing = try RelativePath("missing")
        try requireTreeError(.notFound(missing), "setPermissions of nothing") {
            try f.mutator.setPermissions(0o644, of: missing, in: root)
        }
        let belowFile = try RelativePath("target/x")
        try requireTreeError(.notAFolder(belowFile), "setPermissions below a file") {
            try f.mutator.setPermissions(0o644, of: belowFile, in: root)
        }
        try requireTreeError(
            "setPermissions of the root", expecting: "unsafePath",
            {
                try f.mutator.setPermissions(0o700, of: .root, in: root)
            },
            matches: { error in
                if case .unsafePath = error { return true }
                return false
            })
        try requireRootUnavailable("setPermissions in a missing root") {
            try f.mutator.setPermissions(
                0o644, of: target, in: root.appending(path: "missing", directoryHint: .isDirectory))
        }
        try require(
            try f.names(in: .root, of: root) == ["link", "target"], "a refused setPermissions changed the root")
    }

}

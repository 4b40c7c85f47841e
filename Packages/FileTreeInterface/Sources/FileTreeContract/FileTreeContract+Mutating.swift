import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let mutatingCases: [FileTreeContractCase] = [
        FileTreeContractCase(name: "makeDirectory creates an empty folder the scanner lists", check: makeDirectory),
        FileTreeContractCase(
            name: "makeDirectory is alreadyExists on any entry, notFound without a parent, notAFolder below a file",
            check: makeDirectoryErrors),
        FileTreeContractCase(
            name: "removeItem removes a file, a link (not its target) and an empty folder", check: removeItem),
        FileTreeContractCase(
            name: "removeItem is notFound for nothing, folderNotEmpty for a full folder, and changes nothing",
            check: removeItemErrors),
        FileTreeContractCase(
            name: "removeEmptyFolder removes an empty folder and leaves a file, a link or a full folder alone",
            check: removeEmptyFolder),
        FileTreeContractCase(
            name: "moveItem renames files, folders with their contents and links, keeping identity and time",
            check: moveItem),
        FileTreeContractCase(
            name: "moveItem never replaces: an existing destination is alreadyExists and both stay as they were",
            check: moveNeverReplaces),
        FileTreeContractCase(
            name: "moveItem is notFound for a missing source or destination folder, notAFolder below a file",
            check: moveItemErrors),
        FileTreeContractCase(name: "a folder cannot be moved into itself (EINVAL)", check: moveIntoItself),
        FileTreeContractCase(
            name: "flush keeps every change and touches nothing; a missing root is rootUnavailable", check: flush),
        FileTreeContractCase(
            name: "the root itself is never made, removed, moved, replaced, copied or digested (unsafePath)",
            check: rootIsNoOperand),
    ]

    static func removeEmptyFolder(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let empty = try f.folder("empty", in: root)
        let full = try f.folder("full", in: root)
        _ = try f.file("full/inner", in: root)
        let file = try f.file("plain", in: root)
        let link = try f.link("link", in: root, to: "empty")
        try f.mutator.removeEmptyFolder(empty, in: root)
        try require(try f.scanner.entry(at: empty, in: root) == nil, "the empty folder is still there")
        try requireTreeError(.folderNotEmpty(full), "removeEmptyFolder on a full folder") {
            try f.mutator.removeEmptyFolder(full, in: root)
        }
        for other in [file, link] {
            try requireTreeError(.notAFolder(other), "removeEmptyFolder on \(other)") {
                try f.mutator.removeEmptyFolder(other, in: root)
            }
        }
        let left = try f.names(in: .root, of: root)
        try require(left == ["full", "link", "plain"], "expected full, link and plain to stay, got \(left)")
        try requireTreeError(.notFound(empty), "removeEmptyFolder on nothing") {
            try f.mutator.removeEmptyFolder(empty, in: root)
        }
    }

    static func makeDirectory(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let new = try RelativePath("new")
        let inner = try RelativePath("new/inner")
        try f.mutator.makeDirectory(new, in: root)
        try f.mutator.makeDirectory(inner, in: root)
        try require(try requireEntry(f, new, in: root).kind == .directory, "new is not a folder")
        try require(try f.names(in: new, of: root) == ["inner"], "new should hold only inner")
        try require(try f.names(in: inner, of: root).isEmpty, "new/inner is not empty")
        let paths = try f.scanner.scan(root: root) { _, _ in false }.entries.map(\.path.text)
        try require(paths == ["new", "new/inner"], "expected [new, new/inner], got \(paths)")
    }

    static func makeDirectoryErrors(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let folder = try f.folder("d", in: root)
        let file = try f.file("f", in: root)
        let link = try f.link("l", in: root, to: "d")
        for existing in [folder, file, link] {
            try requireTreeError(.alreadyExists(existing), "makeDirectory onto \(existing)") {
                try f.mutator.makeDirectory(existing, in: root)
            }
        }
        let orphan = try RelativePath("missing/new")
        try requireTreeError(.notFound(orphan), "makeDirectory without a parent") {
            try f.mutator.makeDirectory(orphan, in: root)
        }
        let belowFile = try RelativePath("f/new")
        try requireTreeError(.notAFolder(belowFile), "makeDirectory below a file") {
            try f.mutator.makeDirectory(belowFile, in: root)
        }
        try require(try f.names(in: .root, of: root) == ["d", "f", "l"], "a failed makeDirectory changed the root")
        try require(try f.names(in: folder, of: root).isEmpty, "a failed makeDirectory changed d")
        try require(try requireEntry(f, file, in: root).kind == .file, "f is no longer a file")
    }

    static func removeItem(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("f", in: root)
        let empty = try f.folder("empty", in: root)
        try f.folder("target", in: root)
        let kept = try f.file("target/keep", in: root, bytes: Data("kept".utf8))
        let link = try f.link("l", in: root, to: "target")
        for path in [file, link, empty] { try f.mutator.removeItem(path, in: root) }
        try require(try f.names(in: .root, of: root) == ["target"], "expected only target to remain")
        try require(try f.contents(of: kept, in: root) == Data("kept".utf8), "removing a link changed its target")
        for path in [file, link, empty] {
            try require(try f.scanner.entry(at: path, in: root) == nil, "\(path) still has an entry")
        }
    }

    static func removeItemErrors(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let full = try f.folder("full", in: root)
        let inside = try f.file("full/x", in: root, bytes: Data("x".utf8))
        try f.file("f", in: root)
        for missing in ["missing", "missing/x", "full/missing"] {
            let path = try RelativePath(missing)
            try requireTreeError(.notFound(path), "removeItem of \(missing)") {
                try f.mutator.removeItem(path, in: root)
            }
        }
        try requireTreeError(.folderNotEmpty(full), "removeItem of a full folder") {
            try f.mutator.removeItem(full, in: root)
        }
        let belowFile = try RelativePath("f/x")
        try requireTreeError(.notAFolder(belowFile), "removeItem below a file") {
            try f.mutator.removeItem(belowFile, in: root)
        }
        try require(try f.names(in: .root, of: root) == ["f", "full"], "a failed removeItem changed the root")
        try require(try f.contents(of: inside, in: root) == Data("x".utf8), "a failed removeItem changed full/x")
    }

    static func moveItem(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("f", in: root, bytes: Data("moving".utf8), permissions: 0o640)
        let folder = try f.folder("d", in: root)
        let inner = try f.file("d/inner", in: root, bytes: Data("inner".utf8))
        let link = try f.link("l", in: root, to: "nowhere")
        try f.folder("to", in: root)
        let before = try [file, folder, inner, link].map { try requireEntry(f, $0, in: root) }

        let movedFile = try RelativePath("to/g")
        let movedFolder = try RelativePath("e")
        let movedLink = try RelativePath("to/m")
        try f.mutator.moveItem(file, to: movedFile, in: root)
        try f.mutator.moveItem(folder, to: movedFolder, in: root)
        try f.mutator.moveItem(link, to: movedLink, in: root)

        try require(try f.names(in: .root, of: root) == ["e", "to"], "expected [e, to] at the root")
        try require(try f.names(in: try RelativePath("to"), of: root) == ["g", "m"], "expected [g, m] in to")
        let after = try [movedFile, movedFolder, try RelativePath("e/inner"), movedLink].map {
            try requireEntry(f, $0, in: root)
        }
        for (old, new) in zip(before, after) {
            try require(old.identity == new.identity, "\(old.path) → \(new.path): identity changed")
            try require(old.kind == new.kind, "\(old.path) → \(new.path): kind changed")
            try require(old.size == new.size, "\(old.path) → \(new.path): size changed")
            try require(old.linkTarget == new.linkTarget, "\(old.path) → \(new.path): link target changed")
        }
        try require(
            after[0].modificationNanoseconds == FileTreeContractFixture.sampleTime && after[0].permissions == 0o640,
            "a moved file lost its time or permissions: \(after[0])")
        try require(try f.contents(of: movedFile, in: root) == Data("moving".utf8), "a moved file changed")
        try require(
            try f.contents(of: try RelativePath("e/inner"), in: root) == Data("inner".utf8),
            "d/inner did not move along")
    }

    static func moveNeverReplaces(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let a = try f.file("a", in: root, bytes: Data("a".utf8))
        let b = try f.file("b", in: root, bytes: Data("b".utf8))
        let empty1 = try f.folder("e1", in: root)
        let empty2 = try f.folder("e2", in: root)
        let cases: [(RelativePath, RelativePath, String)] = [
            (a, b, "a file onto a file"), (empty1, empty2, "an empty folder onto an empty folder"),
            (a, empty1, "a file onto a folder"), (empty1, a, "a folder onto a file"), (a, a, "a file onto itself"),
        ]
        for (source, destination, what) in cases {
            try requireTreeError(.alreadyExists(destination), "moveItem of \(what)") {
                try f.mutator.moveItem(source, to: destination, in: root)
            }
        }
        try require(try f.names(in: .root, of: root) == ["a", "b", "e1", "e2"], "a refused move changed the root")
        try require(try f.contents(of: a, in: root) == Data("a".utf8), "a changed")
        try require(try f.contents(of: b, in: root) == Data("b".utf8), "b was replaced")
    }

    static func moveItemErrors(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("f", in: root)
        try f.file("g", in: root)
        let missing = try RelativePath("missing")
        try requireTreeError(.notFound(missing), "moveItem of a missing source") {
            try f.mutator.moveItem(missing, to: try RelativePath("x"), in: root)
        }
        let orphan = try RelativePath("nope/x")
        try requireTreeError(.notFound(orphan), "moveItem into a missing folder") {
            try f.mutator.moveItem(file, to: orphan, in: root)
        }
        let belowFile = try RelativePath("g/x")
        try requireTreeError(.notAFolder(belowFile), "moveItem below a file") {
            try f.mutator.moveItem(file, to: belowFile, in: root)
        }
        try requireTreeError(.notAFolder(belowFile), "moveItem from below a file") {
            try f.mutator.moveItem(belowFile, to: try RelativePath("y"), in: root)
        }
        try require(try f.names(in: .root, of: root) == ["f", "g"], "a failed move changed the root")
    }

    static func moveIntoItself(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let folder = try f.folder("d", in: root)
        try f.folder("d/sub", in: root)
        let into = try RelativePath("d/sub/d")
        try requireIOError(folder, code: EINVAL, "moveItem of a folder into itself") {
            try f.mutator.moveItem(folder, to: into, in: root)
        }
        try require(try f.names(in: .root, of: root) == ["d"], "a refused move changed the root")
        try require(try f.names(in: folder, of: root) == ["sub"], "a refused move changed d")
    }

    static func rootIsNoOperand(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("f", in: root)
        let entry = try requireEntry(f, file, in: root)
        let rootEntry = try requireEntry(f, .root, in: root)
        func requireUnsafe<T>(_ what: String, _ body: () throws -> T) throws {
            try requireTreeError(what, expecting: "unsafePath", body) { error in
                if case .unsafePath = error { return true }
                return false
            }
        }
        try requireUnsafe("makeDirectory of the root") { try f.mutator.makeDirectory(.root, in: root) }
        try requireUnsafe("removeItem of the root") { try f.mutator.removeItem(.root, in: root) }
        try requireUnsafe("moveItem of the root") { try f.mutator.moveItem(.root, to: try RelativePath("x"), in: root) }
        try requireUnsafe("moveItem onto the root") { try f.mutator.moveItem(file, to: .root, in: root) }
        try requireUnsafe("copyFile onto the root") {
            try f.copier.copyFile(file, in: root, expected: entry, to: .root, in: f.destination)
        }
        try requireUnsafe("copyFile of the root") {
            try f.copier.copyFile(.root, in: root, expected: rootEntry, to: try RelativePath("x"), in: f.destination)
        }
        try requireUnsafe("digest of the root") { try f.copier.digest(of: .root, in: root) }
        try require(try f.names(in: .root, of: root) == ["f"], "a refused call changed the source")
        try require(try f.names(in: .root, of: f.destination).isEmpty, "a refused call changed the destination")
    }

    static func flush(_ f: FileTreeContractFixture) throws {
        let folder = try f.folder("kept", in: f.destination)
        try f.file("kept/a", in: f.destination, bytes: Data("a".utf8))
        try f.mutator.moveItem(try RelativePath("kept/a"), to: try RelativePath("moved"), in: f.destination)
        let before = try f.scanner.scan(root: f.destination) { _, _ in false }.entries
        try f.mutator.flush(f.destination)
        try f.mutator.flush(f.destination)  // a second flush with nothing new is fine too
        let after = try f.scanner.scan(root: f.destination) { _, _ in false }.entries
        try require(after == before, "flush changed the tree: \(before.map(\.path)) became \(after.map(\.path))")
        try require(
            after.map(\.path) == [folder, try RelativePath("moved")], "the changes before flush are not all there")
        try requireRootUnavailable("flush of a missing root") {
            try f.mutator.flush(f.destination.appending(path: "missing", directoryHint: .isDirectory))
        }
    }
}

import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let scanningCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "scan lists files, folders and links sorted, with kinds, sizes, permissions and nanosecond times",
            check: scanListsEverything),
        FileTreeContractCase(
            name: "scan never follows a link: a link to a folder is reported as a link, its contents not listed",
            check: scanNeverFollowsLinks),
        FileTreeContractCase(
            name: "excluding leaves out an entry, and a left-out folder is not entered", check: scanExcluding),
        FileTreeContractCase(
            name: "names that differ only in Unicode normalization are two entries", check: scanNamesByBytes),
        FileTreeContractCase(
            name: "entry(at:) describes one entry, is nil when nothing is there, and notAFolder below a file",
            check: entryAtPath),
        FileTreeContractCase(
            name: "a missing root, or a file as root, is rootUnavailable for every call and creates nothing",
            check: rootUnavailable),
    ]

    static func scanListsEverything(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let early: Int64 = 1_600_000_000_000_000_001
        try f.file(
            "b.txt", in: root, bytes: Data("bbb".utf8), modified: FileTreeContractFixture.sampleTime, permissions: 0o640
        )
        try f.folder("a", in: root)
        try f.file("a/inner.bin", in: root, bytes: Data(repeating: 7, count: 1000), modified: early, permissions: 0o600)
        try f.folder("a/sub", in: root)
        try f.file("a b", in: root, bytes: Data(), modified: early + 1)
        try f.file("a.txt", in: root, bytes: Data("12345".utf8), modified: early + 2, permissions: 0o755)
        try f.file("B", in: root, bytes: Data("B".utf8), modified: early + 3)
        try f.link("link", in: root, to: "a")

        let scan = try f.scanner.scan(root: root) { _, _ in false }
        try require(scan.problems.isEmpty, "unexpected problems: \(scan.problems)")
        let paths = scan.entries.map(\.path.text)
        // Byte order, component by component: a folder comes right before its contents, even
        // though "a b" and "a.txt" sort before "a/..." as whole strings.
        let expected = ["B", "a", "a/inner.bin", "a/sub", "a b", "a.txt", "b.txt", "link"]
        try require(paths == expected, "expected entries \(expected), got \(paths)")

        let files: [String: (size: Int64, time: Int64, permissions: UInt32)] = [
            "B": (1, early + 3, 0o644), "a/inner.bin": (1000, early, 0o600), "a b": (0, early + 1, 0o644),
            "a.txt": (5, early + 2, 0o755), "b.txt": (3, FileTreeContractFixture.sampleTime, 0o640),
        ]
        for entry in scan.entries {
            let name = entry.path.text
            if let file = files[name] {
                try require(entry.kind == .file, "\(name): expected a file, got \(entry.kind)")
                try require(entry.size == file.size, "\(name): expected size \(file.size), got \(entry.size)")
                try require(
                    entry.modificationNanoseconds == file.time,
                    "\(name): expected time \(file.time), got \(entry.modificationNanoseconds)")
                try require(
                    entry.permissions == file.permissions,
                    "\(name): expected permissions \(String(file.permissions, radix: 8)), got \(String(entry.permissions, radix: 8))"
                )
                try require(entry.linkTarget == nil, "\(name): a file has a link target")
            } else if name == "link" {
                try require(entry.kind == .symbolicLink, "link: expected a symbolic link, got \(entry.kind)")
                try require(entry.linkTarget == "a", "link: expected target \"a\", got \(entry.linkTarget ?? "nil")")
                try require(entry.size == 1, "link: expected the size of its target text (1), got \(entry.size)")
            } else {
                try require(entry.kind == .directory, "\(name): expected a folder, got \(entry.kind)")
                try require(entry.size == 0, "\(name): a folder's size must be 0, got \(entry.size)")
            }
        }
        let identities = Set(scan.entries.map(\.identity))
        try require(identities.count == scan.entries.count, "two entries share an identity")
        for entry in scan.entries {
            let single = try f.scanner.entry(at: entry.path, in: root)
            try require(
                single == entry, "\(entry.path): entry(at:) gives \(String(describing: single)), scan gave \(entry)")
        }
    }

    static func scanNeverFollowsLinks(_ f: FileTreeContractFixture) throws {
        let root = f.source
        try f.folder("real", in: root)
        try f.file("real/x", in: root)
        try f.link("alias", in: root, to: "real")
        let outside = f.destination.path(percentEncoded: false)
        try f.link("outside", in: root, to: outside)
        try f.link("dangling", in: root, to: "nowhere/at/all")
        try f.file("elsewhere", in: f.destination)

        let scan = try f.scanner.scan(root: root) { _, _ in false }
        let paths = scan.entries.map(\.path.text)
        let expected = ["alias", "dangling", "outside", "real", "real/x"]
        try require(paths == expected, "expected entries \(expected), got \(paths)")
        try require(scan.problems.isEmpty, "unexpected problems: \(scan.problems)")
        let links = scan.entries.filter { $0.kind == .symbolicLink }.map { "\($0.path)->\($0.linkTarget ?? "nil")" }
        let expectedLinks = ["alias->real", "dangling->nowhere/at/all", "outside->\(outside)"]
        try require(links == expectedLinks, "expected links \(expectedLinks), got \(links)")
    }

    static func scanExcluding(_ f: FileTreeContractFixture) throws {
        let root = f.source
        try f.folder("keep", in: root)
        try f.file("keep/a", in: root)
        try f.folder("skip", in: root)
        try f.file("skip/b", in: root)
        try f.folder("skip/deeper", in: root)
        try f.file("skip/deeper/c", in: root)
        try f.file("x.tmp", in: root)
        try f.file("y.txt", in: root)

        var asked: [(RelativePath, EntryKind)] = []
        let scan = try f.scanner.scan(root: root) { path, kind in
            asked.append((path, kind))
            return path.name == "skip" || path.name.hasSuffix(".tmp")
        }
        let paths = scan.entries.map(\.path.text)
        try require(paths == ["keep", "keep/a", "y.txt"], "expected [keep, keep/a, y.txt], got \(paths)")
        let skip = try RelativePath("skip")
        let inside = asked.filter { $0.0.isWithin(skip) && $0.0 != skip }.map(\.0.text)
        try require(inside.isEmpty, "a left-out folder was entered: asked about \(inside)")
        let kinds = Dictionary(asked.map { ($0.0.text, $0.1) }) { first, _ in first }
        try require(kinds["skip"] == .directory, "excluding was not asked about the folder skip as a folder")
        try require(kinds["x.tmp"] == .file, "excluding was not asked about the file x.tmp as a file")
    }

    static func scanNamesByBytes(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let composed = try f.file("caf\u{E9}", in: root, bytes: Data("composed".utf8))
        let decomposed = try f.file("cafe\u{301}", in: root, bytes: Data("decomposed!!".utf8))
        try require(composed != decomposed, "RelativePath merges NFC and NFD spellings")
        let scan = try f.scanner.scan(root: root) { _, _ in false }
        try require(scan.entries.count == 2, "expected two entries, got \(scan.entries.map(\.path))")
        try require(
            scan.entries.map(\.path) == [decomposed, composed],
            "expected the NFD name (byte 0x65 after \"caf\") before the NFC one (0xC3)")
        try require(try requireEntry(f, composed, in: root).size == 8, "the NFC entry has the other file's size")
        try require(try requireEntry(f, decomposed, in: root).size == 12, "the NFD entry has the other file's size")
    }

    static func entryAtPath(_ f: FileTreeContractFixture) throws {
        let root = f.source
        let file = try f.file("f", in: root, bytes: Data("four".utf8), permissions: 0o600)
        let entry = try requireEntry(f, file, in: root)
        try require(
            entry.path == file && entry.kind == .file && entry.size == 4
                && entry.modificationNanoseconds == FileTreeContractFixture.sampleTime && entry.permissions == 0o600,
            "entry(at: f) is \(entry)")
        for missing in ["missing", "missing/deeper"] {
            let found = try f.scanner.entry(at: try RelativePath(missing), in: root)
            try require(found == nil, "entry(at: \(missing)) should be nil, got \(String(describing: found))")
        }
        let below = try RelativePath("f/x")
        try requireTreeError(.notAFolder(below), "entry(at:) below a file") { try f.scanner.entry(at: below, in: root) }
        let rootEntry = try requireEntry(f, .root, in: root)
        try require(rootEntry.kind == .directory && rootEntry.path == .root, "entry(at: root) is \(rootEntry)")
    }

    static func rootUnavailable(_ f: FileTreeContractFixture) throws {
        let plain = try f.file("plain", in: f.source)
        let missingRoot = f.source.appending(path: "absent", directoryHint: .isDirectory)
        let fileRoot = f.url(plain, in: f.source)
        try f.file("real", in: f.destination)
        let real = try requireEntry(f, try RelativePath("real"), in: f.destination)
        let x = try RelativePath("x")
        let y = try RelativePath("y")
        for root in [missingRoot, fileRoot] {
            let label = root == missingRoot ? "missing root" : "file as root"
            try requireRootUnavailable("scan of a \(label)") { try f.scanner.scan(root: root) { _, _ in false } }
            try requireRootUnavailable("entry(at:) in a \(label)") { try f.scanner.entry(at: x, in: root) }
            try requireRootUnavailable("makeDirectory in a \(label)") { try f.mutator.makeDirectory(x, in: root) }
            try requireRootUnavailable("removeItem in a \(label)") { try f.mutator.removeItem(x, in: root) }
            try requireRootUnavailable("moveItem in a \(label)") { try f.mutator.moveItem(x, to: y, in: root) }
            try requireRootUnavailable("digest in a \(label)") { try f.copier.digest(of: x, in: root) }
            try requireRootUnavailable("copyFile from a \(label)") {
                try f.copier.copyFile(x, in: root, expected: real, to: y, in: f.destination)
            }
            try requireRootUnavailable("copyFile into a \(label)") {
                try f.copier.copyFile(real.path, in: f.destination, expected: real, to: y, in: root)
            }
        }
        try require(
            try f.names(in: .root, of: f.source) == ["plain"], "a call on an unavailable root created something")
        try require(
            try f.names(in: .root, of: f.destination) == ["real"], "a call on an unavailable root created something")
    }
}

import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let copyingCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a copy has the source's bytes, nanosecond time and permissions, and leaves no stray file",
            check: copyPreserves),
        FileTreeContractCase(
            name: "a copy never replaces an existing destination (alreadyExists), which stays as it was",
            check: copyNeverReplaces),
        FileTreeContractCase(
            name: "a source that differs from expected is sourceChanged and leaves nothing at the destination",
            check: copySourceChanged),
        FileTreeContractCase(
            name: "copy from a missing source or into a missing folder is notFound, below a file notAFolder",
            check: copyErrors),
        FileTreeContractCase(
            name: "a link or a folder is never copied as a file (sourceChanged) and nothing is left behind",
            check: copyRefusesNonFiles),
        FileTreeContractCase(
            name: "digest equals ContentDigest(of:) of the bytes, differs for other bytes, and is notFound for nothing",
            check: digest),
    ]

    /// Bytes that differ at every position and across sizes.
    static func pattern(_ count: Int, seed: Int = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31) &+ ($0 >> 8) &+ seed) })
    }

    static func copyPreserves(_ f: FileTreeContractFixture) throws {
        let sub = try f.folder("sub", in: f.destination)
        let sizes: [(Int, UInt32)] = [(0, 0o644), (1, 0o600), (70_000, 0o640), (1_048_576 + 3, 0o755)]
        var copies: [String] = []
        for (index, (size, permissions)) in sizes.enumerated() {
            let time = FileTreeContractFixture.sampleTime + Int64(index) * 1_000_003
            let bytes = pattern(size, seed: index)
            let source = try f.file("s\(index)", in: f.source, bytes: bytes, modified: time, permissions: permissions)
            let expected = try requireEntry(f, source, in: f.source)
            let destination = try sub.appending("c\(index)")
            let copied = try f.copier.copyFile(
                source, in: f.source, expected: expected, to: destination, in: f.destination)
            copies.append("c\(index)")

            try require(
                try f.contents(of: destination, in: f.destination) == bytes, "c\(index): the copy's bytes differ")
            let found = try requireEntry(f, destination, in: f.destination)
            try require(copied == found, "c\(index): copyFile returned \(copied), entry(at:) gives \(found)")
            try require(
                copied.path == destination && copied.kind == .file && copied.size == Int64(size),
                "c\(index): the copy is \(copied)")
            try require(
                copied.modificationNanoseconds == time,
                "c\(index): expected time \(time), got \(copied.modificationNanoseconds)")
            try require(
                copied.permissions == permissions,
                "c\(index): expected permissions \(String(permissions, radix: 8)), got \(String(copied.permissions, radix: 8))"
            )
            try require(copied.identity != expected.identity, "c\(index): the copy has the source's identity")
            try require(
                try requireEntry(f, source, in: f.source) == expected, "s\(index): copying changed the source")
        }
        try require(try f.names(in: sub, of: f.destination) == copies, "expected only \(copies) in sub")
        try require(try f.names(in: .root, of: f.destination) == ["sub"], "stray entries at the destination root")
    }

    static func copyNeverReplaces(_ f: FileTreeContractFixture) throws {
        let source = try f.file("s", in: f.source, bytes: Data("new".utf8))
        let expected = try requireEntry(f, source, in: f.source)
        let taken = try f.file("taken", in: f.destination, bytes: Data("old contents".utf8))
        let folder = try f.folder("dir", in: f.destination)
        let link = try f.link("link", in: f.destination, to: "taken")
        for existing in [taken, folder, link] {
            try requireTreeError(.alreadyExists(existing), "copyFile onto \(existing)") {
                try f.copier.copyFile(source, in: f.source, expected: expected, to: existing, in: f.destination)
            }
        }
        try require(try f.contents(of: taken, in: f.destination) == Data("old contents".utf8), "taken was replaced")
        try require(try f.names(in: .root, of: f.destination) == ["dir", "link", "taken"], "stray entries left behind")
        try require(try f.names(in: folder, of: f.destination).isEmpty, "dir changed")
    }

    static func copySourceChanged(_ f: FileTreeContractFixture) throws {
        let source = try f.file("s", in: f.source, bytes: Data("eleven byte".utf8))
        let actual = try requireEntry(f, source, in: f.source)
        let destination = try RelativePath("copy")
        func altered(size: Int64 = 0, time: Int64 = 0, inode: UInt64 = 0) -> TreeEntry {
            TreeEntry(
                path: actual.path, kind: actual.kind, size: actual.size + size,
                modificationNanoseconds: actual.modificationNanoseconds + time,
                identity: FileIdentity(high: actual.identity.high, low: actual.identity.low &+ inode),
                permissions: actual.permissions)
        }
        let variants = [("size", altered(size: 1)), ("time", altered(time: 1)), ("identity", altered(inode: 1))]
        for (what, expected) in variants {
            try requireTreeError(.sourceChanged(source), "copyFile with a different \(what)") {
                try f.copier.copyFile(source, in: f.source, expected: expected, to: destination, in: f.destination)
            }
            try require(
                try f.names(in: .root, of: f.destination).isEmpty, "a refused copy (\(what)) left something behind")
        }
        try require(
            try f.contents(of: source, in: f.source) == Data("eleven byte".utf8), "a refused copy changed the source")
    }

    static func copyErrors(_ f: FileTreeContractFixture) throws {
        let source = try f.file("s", in: f.source)
        let expected = try requireEntry(f, source, in: f.source)
        try f.file("plain", in: f.destination)
        let missing = try RelativePath("missing")
        try requireTreeError(.notFound(missing), "copyFile of a missing source") {
            try f.copier.copyFile(
                missing, in: f.source, expected: expected, to: try RelativePath("c"), in: f.destination)
        }
        let orphan = try RelativePath("nope/c")
        try requireTreeError(.notFound(orphan), "copyFile into a missing folder") {
            try f.copier.copyFile(source, in: f.source, expected: expected, to: orphan, in: f.destination)
        }
        let belowFile = try RelativePath("plain/c")
        try requireTreeError(.notAFolder(belowFile), "copyFile below a file") {
            try f.copier.copyFile(source, in: f.source, expected: expected, to: belowFile, in: f.destination)
        }
        try require(try f.names(in: .root, of: f.destination) == ["plain"], "a failed copy left something behind")
    }

    static func copyRefusesNonFiles(_ f: FileTreeContractFixture) throws {
        try f.file("target", in: f.source, bytes: Data("target".utf8))
        let link = try f.link("link", in: f.source, to: "target")
        let folder = try f.folder("folder", in: f.source)
        for path in [link, folder] {
            let expected = try requireEntry(f, path, in: f.source)
            try requireTreeError(.sourceChanged(path), "copyFile of \(expected.kind) \(path)") {
                try f.copier.copyFile(
                    path, in: f.source, expected: expected, to: try RelativePath("copy"), in: f.destination)
            }
        }
        try require(
            try f.names(in: .root, of: f.destination).isEmpty, "copying a link or a folder left something behind")
    }

    static func digest(_ f: FileTreeContractFixture) throws {
        let root = f.source
        for (index, size) in [0, 5, 2 * 1_048_576 + 17].enumerated() {
            let bytes = pattern(size, seed: index)
            let path = try f.file("d\(index)", in: root, bytes: bytes)
            let digest = try f.copier.digest(of: path, in: root)
            try require(
                digest == ContentDigest(of: bytes),
                "d\(index) (\(size) bytes): digest \(digest) is not ContentDigest(of:)")
        }
        let one = try f.file("one", in: root, bytes: Data("same size A".utf8))
        let other = try f.file("other", in: root, bytes: Data("same size B".utf8))
        try require(
            try f.copier.digest(of: one, in: root) != f.copier.digest(of: other, in: root),
            "files with different bytes have the same digest")
        let missing = try RelativePath("missing")
        try requireTreeError(.notFound(missing), "digest of a missing file") {
            try f.copier.digest(of: missing, in: root)
        }
        let belowFile = try RelativePath("one/x")
        try requireTreeError(.notAFolder(belowFile), "digest below a file") {
            try f.copier.digest(of: belowFile, in: root)
        }
        let folder = try f.folder("folder", in: root)
        try requireIOError(folder, code: EISDIR, "digest of a folder") { try f.copier.digest(of: folder, in: root) }
        let link = try f.link("link", in: root, to: "one")
        try requireIOError(link, code: ELOOP, "digest of a link") { try f.copier.digest(of: link, in: root) }
    }
}

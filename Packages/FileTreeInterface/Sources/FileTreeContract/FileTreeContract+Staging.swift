import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let stagingCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "staged copies are only temporary files until commit puts each in place, as staged",
            check: stagedAppearAtCommit),
        FileTreeContractCase(
            name: "commit never replaces a name taken after staging, and still places the rest",
            check: commitNeverReplaces),
        FileTreeContractCase(
            name: "discard removes staged temporaries; a discarded or vanished copy commits as notFound",
            check: discardAndVanished),
    ]

    /// The names in `folder` that are not temporary files.
    static func lasting(_ f: FileTreeContractFixture, in folder: RelativePath, of root: URL) throws -> [String] {
        try f.names(in: folder, of: root).filter { !StagedCopy.isTemporaryName($0) }
    }

    static func stagedAppearAtCommit(_ f: FileTreeContractFixture) throws {
        let sub = try f.folder("sub", in: f.destination)
        var staged: [StagedCopy] = []
        var bytes: [Data] = []
        for index in 0..<3 {
            bytes.append(pattern(100 + index * 4_000, seed: index))
            let source = try f.file("s\(index)", in: f.source, bytes: bytes[index], permissions: 0o640)
            let expected = try requireEntry(f, source, in: f.source)
            let destination = index == 0 ? try RelativePath("top") : try sub.appending("c\(index)")
            let copy = try f.copier.stageCopy(
                source, in: f.source, expected: expected, to: destination, in: f.destination)
            try require(
                copy.destination == destination, "stageCopy gave destination \(copy.destination), not \(destination)")
            try require(
                StagedCopy.isTemporaryName(copy.temporaryName, madeIn: f.destination),
                "temporary name \(copy.temporaryName) is not \(StagedCopy.temporaryPrefix), the destination root's tag "
                    + "\(StagedCopy.rootTag(of: f.destination)) and 8 hex digits")
            try require(
                try f.scanner.entry(at: destination, in: f.destination) == nil, "\(destination) exists before commit")
            try require(
                try f.contents(of: try copy.temporaryPath, in: f.destination) == bytes[index],
                "the temporary file of \(destination) does not hold the source's bytes")
            try require(
                copy.entry.path == destination && copy.entry.size == expected.size
                    && copy.entry.modificationNanoseconds == expected.modificationNanoseconds
                    && copy.entry.permissions == 0o640 && copy.entry.identity != expected.identity,
                "the staged entry \(copy.entry) does not describe a copy of \(expected)")
            staged.append(copy)
        }
        try require(try lasting(f, in: sub, of: f.destination).isEmpty, "sub holds more than temporaries before commit")
        let results = f.copier.commit(staged, in: f.destination)
        try require(results.count == staged.count, "commit gave \(results.count) results for \(staged.count) copies")
        for (index, (copy, result)) in zip(staged, results).enumerated() {
            let placed = try result.get()
            try require(placed == copy.entry, "commit gave \(placed), staged \(copy.entry)")
            try require(
                try requireEntry(f, copy.destination, in: f.destination) == placed, "entry(at:) differs from commit's")
            try require(
                try f.contents(of: copy.destination, in: f.destination) == bytes[index],
                "\(copy.destination): bytes differ")
        }
        let inSub = try f.names(in: sub, of: f.destination)
        try require(inSub == ["c1", "c2"], "sub holds \(inSub)")
        try require(
            try f.names(in: .root, of: f.destination) == ["sub", "top"], "stray entries at the destination root")
        try require(f.copier.commit([], in: f.destination).isEmpty, "an empty commit gave results")
    }

    static func commitNeverReplaces(_ f: FileTreeContractFixture) throws {
        var staged: [StagedCopy] = []
        for name in ["a", "b"] {
            let source = try f.file(name, in: f.source, bytes: Data("new \(name)".utf8))
            let expected = try requireEntry(f, source, in: f.source)
            staged.append(
                try f.copier.stageCopy(source, in: f.source, expected: expected, to: source, in: f.destination))
        }
        let taken = try f.file("a", in: f.destination, bytes: Data("someone else's".utf8))
        let results = f.copier.commit(staged, in: f.destination)
        try require(results.count == 2, "commit gave \(results.count) results for 2 copies")
        try require(results[0] == .failure(.alreadyExists(taken)), "commit onto a taken name gave \(results[0])")
        try require((try? results[1].get()) == staged[1].entry, "the other copy of the batch gave \(results[1])")
        try require(
            try f.contents(of: taken, in: f.destination) == Data("someone else's".utf8), "the taken name was replaced")
        try require(try f.names(in: .root, of: f.destination) == ["a", "b"], "a refused commit left something behind")
    }

    static func discardAndVanished(_ f: FileTreeContractFixture) throws {
        let source = try f.file("s", in: f.source, bytes: Data("bytes".utf8))
        let expected = try requireEntry(f, source, in: f.source)
        let kept = try f.file("kept", in: f.destination)
        let first = try f.copier.stageCopy(
            source, in: f.source, expected: expected, to: try RelativePath("one"), in: f.destination)
        let second = try f.copier.stageCopy(
            source, in: f.source, expected: expected, to: try RelativePath("two"), in: f.destination)
        try require(first.temporaryName != second.temporaryName, "two staged copies share \(first.temporaryName)")
        f.copier.discard([first, second], in: f.destination)
        let left = try f.names(in: .root, of: f.destination)
        try require(left == [kept.name], "discard left \(left)")
        f.copier.discard([first], in: f.destination)  // a second discard finds nothing and is quiet
        let results = f.copier.commit([first, second], in: f.destination)
        try require(
            results == [.failure(.notFound(first.destination)), .failure(.notFound(second.destination))],
            "committing discarded copies gave \(results)")
        try require(
            try f.names(in: .root, of: f.destination) == [kept.name], "committing discarded copies left something")
    }
}

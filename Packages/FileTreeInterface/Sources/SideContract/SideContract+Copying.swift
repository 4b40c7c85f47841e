import FileTreeContract
import FileTreeInterface
import Foundation

extension SideContract {
    static let copyingCases: [SideContractCase] = [
        SideContractCase(
            name: "a copy within a side, across two sides and from a side of another kind keeps bytes, time and mode",
            check: copiesEveryWay),
        SideContractCase(
            name: "a copy whose source differs from expected is sourceChanged, by either path, leaving no temporary",
            check: copySourceChanged),
        SideContractCase(
            name: "streamed reads give the file's bytes, and a digest is ContentDigest of them",
            check: readsAndDigests),
    ]

    static func copiesEveryWay(_ f: SideContractFixture) throws {
        let first = try f.sides.openSide(at: f.first)
        let second = try f.sides.openSide(at: f.second)
        let bytes = SideContractFixture.pattern(300_000, seed: 4)
        let source = try f.file("src", in: f.first, bytes: bytes, permissions: 0o640)
        let expected = try requireEntry(first, source)
        let ways: [(String, any SyncSideProviding, any SyncSideProviding)] = [
            ("within a side", first, first), ("across two sides", second, first),
            ("from a side of another kind", second, ForeignSide(base: first)),
        ]
        for (index, (way, destinationSide, sourceSide)) in ways.enumerated() {
            let destination = try RelativePath("copy\(index)")
            let staged = try destinationSide.stageCopy(
                of: source, from: sourceSide, expected: expected, to: destination)
            try require(try destinationSide.entry(at: destination) == nil, "\(way): the copy exists before commit")
            let results = destinationSide.commit([staged])
            try require(results.count == 1, "\(way): commit gave \(results.count) results for one copy")
            let placed = try results[0].get()
            let root = destinationSide.location == first.location ? f.first : f.second
            try require(try f.contents(of: destination, in: root) == bytes, "\(way): the copy's bytes differ")
            try require(
                placed.size == expected.size && placed.modificationNanoseconds == expected.modificationNanoseconds
                    && placed.permissions == 0o640 && placed.identity != expected.identity,
                "\(way): the copy is \(placed), the source \(expected)")
        }
        try require(try f.names(in: .root, of: f.second) == ["copy1", "copy2"], "stray files in the second root")
        try require(try f.names(in: .root, of: f.first) == ["copy0", "src"], "stray files in the first root")
    }

    static func copySourceChanged(_ f: SideContractFixture) throws {
        let first = try f.sides.openSide(at: f.first)
        let second = try f.sides.openSide(at: f.second)
        let source = try f.file("src", in: f.first, bytes: SideContractFixture.pattern(1_000))
        let now = try requireEntry(first, source)
        let stale = TreeEntry(
            path: source, kind: .file, size: now.size, modificationNanoseconds: now.modificationNanoseconds + 1,
            identity: now.identity, permissions: now.permissions)
        for (way, from) in [("direct", first), ("streamed", ForeignSide(base: first) as any SyncSideProviding)] {
            try requireTreeError(.sourceChanged(source), "\(way) copy of a source that is not as expected") {
                try second.stageCopy(of: source, from: from, expected: stale, to: try RelativePath("copy"))
            }
        }
        let left = try f.names(in: .root, of: f.second)
        try require(left.isEmpty, "failed copies left \(left)")
    }

    static func readsAndDigests(_ f: SideContractFixture) throws {
        let side = try f.sides.openSide(at: f.first)
        let bytes = SideContractFixture.pattern(2_500_000, seed: 6)
        let path = try f.file("big", in: f.first, bytes: bytes)
        var read = Data()
        try side.read(path, expected: try requireEntry(side, path)) { read.append($0) }
        try require(read == bytes, "read gave \(read.count) bytes that differ from the file's \(bytes.count)")
        try require(
            try side.digest(of: path) == ContentDigest(of: bytes), "digest(of:) is not ContentDigest of the bytes")
    }
}

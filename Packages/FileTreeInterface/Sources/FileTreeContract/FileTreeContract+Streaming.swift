import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let streamingCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a streamed read and a staged write copy bytes, nanosecond time and permissions, placed at commit",
            check: streamRoundTrip),
        FileTreeContractCase(
            name: "a streamed read of a source that differs from expected, before or after, is sourceChanged",
            check: streamSourceChanged),
        FileTreeContractCase(
            name: "a staged write that fails (producer error, short or long bytes) leaves no temporary file",
            check: streamWriteLeavesNothing),
    ]

    /// The copier's streaming half, which every copier used for sides must have.
    static func streamer(_ f: FileTreeContractFixture) throws -> any FileStreaming {
        guard let streamer = f.copier as? any FileStreaming else {
            throw ContractViolation(description: "the copier is not a FileStreaming")
        }
        return streamer
    }

    static func streamRoundTrip(_ f: FileTreeContractFixture) throws {
        let streamer = try streamer(f)
        let bytes = pattern(3 << 20 | 17, seed: 9)  // several chunks and a ragged end
        let source = try f.file("big", in: f.source, bytes: bytes, permissions: 0o640)
        let expected = try requireEntry(f, source, in: f.source)
        var read = Data()
        try streamer.read(source, in: f.source, expected: expected) { read.append($0) }
        try require(read == bytes, "read gave \(read.count) bytes, not the file's \(bytes.count)")
        let sub = try f.folder("sub", in: f.destination)
        let destination = try sub.appending("copy")
        let staged = try streamer.stageWrite(to: destination, in: f.destination, entry: expected) { write in
            try streamer.read(source, in: f.source, expected: expected, into: write)
        }
        try require(
            StagedCopy.isTemporaryName(staged.temporaryName, madeIn: f.destination),
            "stageWrite named its temporary file \(staged.temporaryName), not for the destination root")
        try require(
            try f.scanner.entry(at: destination, in: f.destination) == nil, "\(destination) exists before commit")
        try require(
            staged.entry.size == expected.size
                && staged.entry.modificationNanoseconds == expected.modificationNanoseconds
                && staged.entry.permissions == 0o640,
            "the staged entry \(staged.entry) does not have the source's size, time and permissions")
        let placed = try f.copier.commit([staged], in: f.destination).first?.get()
        try require(placed == staged.entry, "commit gave \(String(describing: placed)), staged \(staged.entry)")
        try require(try f.contents(of: destination, in: f.destination) == bytes, "the committed copy's bytes differ")
        try require(try f.names(in: sub, of: f.destination) == ["copy"], "stray files beside the copy")
    }

    static func streamSourceChanged(_ f: FileTreeContractFixture) throws {
        let streamer = try streamer(f)
        let source = try f.file("s", in: f.source, bytes: pattern(10_000, seed: 1))
        let expected = try requireEntry(f, source, in: f.source)
        let older = TreeEntry(
            path: source, kind: .file, size: expected.size,
            modificationNanoseconds: expected.modificationNanoseconds - 1,
            identity: expected.identity, permissions: expected.permissions)
        try requireTreeError(.sourceChanged(source), "read with an expected time that differs") {
            try streamer.read(source, in: f.source, expected: older) { _ in }
        }
        try f.folder("d", in: f.source)
        try requireTreeError(.sourceChanged(try RelativePath("d")), "read of a folder") {
            try streamer.read(try RelativePath("d"), in: f.source, expected: expected) { _ in }
        }
        // Replaced while it is read: removed, and a new file with other bytes and time put there.
        var replaced = false
        try requireTreeError(.sourceChanged(source), "read of a file replaced while it was read") {
            try streamer.read(source, in: f.source, expected: expected) { _ in
                guard !replaced else { return }
                replaced = true
                try f.mutator.removeItem(source, in: f.source)
                try f.file(
                    "s", in: f.source, bytes: pattern(10_001, seed: 2), modified: FileTreeContractFixture.sampleTime + 5
                )
            }
        }
        try requireTreeError(.notFound(try RelativePath("gone")), "read of nothing") {
            try streamer.read(try RelativePath("gone"), in: f.source, expected: expected) { _ in }
        }
    }

    static func streamWriteLeavesNothing(_ f: FileTreeContractFixture) throws {
        let streamer = try streamer(f)
        let source = try f.file("s", in: f.source, bytes: pattern(5_000, seed: 3))
        let expected = try requireEntry(f, source, in: f.source)
        let destination = try RelativePath("copy")
        struct ProducerFailed: Error {}
        do {
            _ = try streamer.stageWrite(to: destination, in: f.destination, entry: expected) { write in
                try write(Data(count: 100))
                throw ProducerFailed()
            }
            throw ContractViolation(description: "stageWrite succeeded though its producer failed")
        } catch is ProducerFailed {}
        try requireTreeError(.sourceChanged(destination), "stageWrite given fewer bytes than entry.size") {
            try streamer.stageWrite(to: destination, in: f.destination, entry: expected) { try $0(Data(count: 10)) }
        }
        try requireTreeError(.sourceChanged(destination), "stageWrite given more bytes than entry.size") {
            try streamer.stageWrite(to: destination, in: f.destination, entry: expected) { try $0(Data(count: 5_001)) }
        }
        try f.file("taken", in: f.destination)
        try requireTreeError(.alreadyExists(try RelativePath("taken")), "stageWrite onto an existing name") {
            try streamer.stageWrite(to: try RelativePath("taken"), in: f.destination, entry: expected) { _ in }
        }
        let left = try f.names(in: .root, of: f.destination)
        try require(left == ["taken"], "the destination holds \(left) after failed staged writes")
    }
}

import FileAccessorInterface
import Foundation

/// The behaviour every ``FileAccessorProviding`` implementation shares, written once.
///
/// The Live package runs these cases against the real file system in a temporary folder; the Mock
/// package runs them against its in-memory tree. A behaviour one has and the other lacks fails.
public enum FileAccessorContract {
    /// Every case of the contract.
    public static let cases: [FileAccessorContractCase] = basicCases + refusalCases + pathCases + appendCases

    /// Reads, writes, existence and their errors.
    static let basicCases: [FileAccessorContractCase] = [
        FileAccessorContractCase(name: "a written file reads back byte for byte", check: roundTrip),
        FileAccessorContractCase(name: "an empty file reads back empty", check: emptyFile),
        FileAccessorContractCase(name: "reading a missing file is fileReadNoSuchFile", check: readMissing),
        FileAccessorContractCase(name: "exists is false before a write and true after", check: existsAfterWrite),
        FileAccessorContractCase(name: "exists is true for a folder", check: existsForFolder),
        FileAccessorContractCase(
            name: "writing into a missing folder is fileNoSuchFile and creates nothing", check: writeIntoMissingFolder),
        FileAccessorContractCase(
            name: "a file where a folder is expected fails both ways with ENOTDIR", check: fileInPlaceOfFolder),
        FileAccessorContractCase(name: "reading a folder is fileReadUnknown with EISDIR", check: readFolder),
        FileAccessorContractCase(
            name: "writing onto a folder fails, keeps it, and leaves nothing behind", check: writeOntoFolder),
        FileAccessorContractCase(name: "an overwrite replaces the contents and leaves no stray file", check: overwrite),
        FileAccessorContractCase(
            name: "concurrent readers see the old or the new contents, never a mix", check: neverAMix),
        FileAccessorContractCase(
            name: "names that differ only in Unicode normalization are two files", check: namesByBytes),
    ]

    static func roundTrip(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "data.bin")
        let data = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try f.accessor.write(data, to: url)
        try require(try f.accessor.read(from: url) == data, "read after write returned other bytes")
    }

    static func emptyFile(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "empty")
        try f.accessor.write(Data(), to: url)
        try require(try f.accessor.read(from: url).isEmpty, "an empty file read back non-empty")
        try require(f.accessor.fileExists(at: url), "an empty file does not exist")
    }

    static func readMissing(_ f: FileAccessorContractFixture) throws {
        try requireFileError(ENOENT, during: .read, "read of a missing file") {
            _ = try f.accessor.read(from: f.root.appending(path: "missing"))
        }
    }

    static func existsAfterWrite(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "later")
        try require(!f.accessor.fileExists(at: url), "exists before any write")
        try f.accessor.write(Data("x".utf8), to: url)
        try require(f.accessor.fileExists(at: url), "does not exist after a write")
    }

    static func existsForFolder(_ f: FileAccessorContractFixture) throws {
        let folder = f.root.appending(path: "folder", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        try require(f.accessor.fileExists(at: folder), "a folder does not exist")
    }

    static func writeIntoMissingFolder(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "absent/file")
        try requireFileError(ENOENT, during: .write, "write into a missing folder") {
            try f.accessor.write(Data("x".utf8), to: url)
        }
        let left = try f.listDirectory(f.root)
        try require(left.isEmpty, "a failed write created \(left)")
    }

    static func fileInPlaceOfFolder(_ f: FileAccessorContractFixture) throws {
        let file = f.root.appending(path: "plain")
        try f.accessor.write(Data("x".utf8), to: file)
        let inside = file.appending(path: "child")
        try requireFileError(ENOTDIR, during: .write, "write below a file") {
            try f.accessor.write(Data("y".utf8), to: inside)
        }
        try requireFileError(ENOTDIR, during: .read, "read below a file") {
            _ = try f.accessor.read(from: inside)
        }
        try require(!f.accessor.fileExists(at: inside), "a path below a file exists")
        try require(try f.accessor.read(from: file) == Data("x".utf8), "the file in the way changed")
    }

    static func readFolder(_ f: FileAccessorContractFixture) throws {
        let folder = f.root.appending(path: "folder", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        try requireFileError(EISDIR, during: .read, "read of a folder") {
            _ = try f.accessor.read(from: folder)
        }
    }

    static func writeOntoFolder(_ f: FileAccessorContractFixture) throws {
        let folder = f.root.appending(path: "folder")
        try f.makeDirectory(folder)
        try requireFileError(EISDIR, during: .write, "write onto a folder") {
            try f.accessor.write(Data("x".utf8), to: folder)
        }
        let left = try f.listDirectory(f.root)
        try require(left == ["folder"], "left behind: \(left)")
        try require(try f.listDirectory(folder).isEmpty, "the folder changed")
    }

    static func overwrite(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "doc.txt")
        try f.accessor.write(Data(repeating: 1, count: 10_000), to: url)
        try f.accessor.write(Data("short".utf8), to: url)
        try require(try f.accessor.read(from: url) == Data("short".utf8), "an overwrite kept old bytes")
        let left = try f.listDirectory(f.root)
        try require(left == ["doc.txt"], "stray entries: \(left)")
    }

    static func neverAMix(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "contested")
        let old = Data(repeating: 0xAA, count: 256 * 1024)
        let new = Data(repeating: 0x55, count: 256 * 1024)
        try f.accessor.write(old, to: url)
        let mixes = MixCounter()
        // Two threads of their own, so the reader runs while the writer writes on any machine.
        runOnTwoThreads(
            {
                for round in 0..<40 { try? f.accessor.write(round.isMultiple(of: 2) ? new : old, to: url) }
                mixes.finish()
            },
            {
                repeat {
                    if let seen = try? f.accessor.read(from: url), seen != old, seen != new { mixes.record() }
                } while !mixes.isFinished
            })
        try require(mixes.count == 0, "\(mixes.count) reads saw a mix of old and new contents")
    }

    static func namesByBytes(_ f: FileAccessorContractFixture) throws {
        let composed = f.root.appending(path: "caf\u{E9}")
        let decomposed = f.root.appending(path: "cafe\u{301}")
        try f.accessor.write(Data("composed".utf8), to: composed)
        try f.accessor.write(Data("decomposed".utf8), to: decomposed)
        try require(try f.accessor.read(from: composed) == Data("composed".utf8), "the NFC name was overwritten")
        let names = try f.listDirectory(f.root)
        try require(names.count == 2, "expected two entries, got \(names)")
    }
}

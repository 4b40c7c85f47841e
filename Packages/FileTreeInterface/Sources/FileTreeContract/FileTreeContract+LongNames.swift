import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let longNameCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a name over 255 bytes is io(ENAMETOOLONG) for every call, on the way too, and is never made",
            check: longNamesAreRefused),
        FileTreeContractCase(
            name: "a name of exactly 255 bytes is made, moved onto, copied and streamed onto like any other",
            check: longestNamesWork),
    ]

    /// Found by the boundary corpus (Differential/): the disk refuses a name of 256 bytes with
    /// `ENAMETOOLONG` (`NAME_MAX` is 255), where the Mock made it and found it again.
    static func longNamesAreRefused(_ f: FileTreeContractFixture) throws {
        let long = try RelativePath(String(repeating: "\u{E9}", count: 128))  // 256 bytes, 128 characters
        let below = try long.appending("inner")
        let file = try f.file("file", in: f.source)
        let fileEntry = try requireEntry(f, file, in: f.source)

        try requireIOError(long, code: ENAMETOOLONG, "makeDirectory") {
            try f.mutator.makeDirectory(long, in: f.source)
        }
        try requireIOError(long, code: ENAMETOOLONG, "entry(at:)") { try f.scanner.entry(at: long, in: f.source) }
        try requireIOError(below, code: ENAMETOOLONG, "entry(at:) below it") {
            try f.scanner.entry(at: below, in: f.source)
        }
        try requireIOError(below, code: ENAMETOOLONG, "makeDirectory below it") {
            try f.mutator.makeDirectory(below, in: f.source)
        }
        try requireIOError(long, code: ENAMETOOLONG, "removeItem") { try f.mutator.removeItem(long, in: f.source) }
        try requireIOError(long, code: ENAMETOOLONG, "removeEmptyFolder") {
            try f.mutator.removeEmptyFolder(long, in: f.source)
        }
        try requireIOError(long, code: ENAMETOOLONG, "setPermissions") {
            try f.mutator.setPermissions(0o600, of: long, in: f.source)
        }
        try requireIOError(long, code: ENAMETOOLONG, "digest") { try f.copier.digest(of: long, in: f.source) }
        try requireIOError(file, code: ENAMETOOLONG, "moveItem onto it (naming the source)") {
            try f.mutator.moveItem(file, to: long, in: f.source)
        }
        try requireIOError(long, code: ENAMETOOLONG, "a copy onto it") {
            try f.copier.copyFile(file, in: f.source, expected: fileEntry, to: long, in: f.destination)
        }
        if let streamer = f.copier as? any FileStreaming {
            try requireIOError(long, code: ENAMETOOLONG, "a staged write onto it (before any temporary file)") {
                try streamer.stageWrite(to: long, in: f.destination, entry: fileEntry) { write in
                    try streamer.read(file, in: f.source, expected: fileEntry, into: write)
                }
            }
        }
        try require(try f.names(in: .root, of: f.source) == ["file"], "a call made something in the source")
        try require(try f.names(in: .root, of: f.destination).isEmpty, "a failed copy left something behind")
    }

    /// The boundary itself: `NAME_MAX` bytes is allowed (a `>=` where `>` belongs refuses it).
    static func longestNamesWork(_ f: FileTreeContractFixture) throws {
        let longest = String(repeating: "\u{E9}", count: 127) + "x"  // 255 bytes
        let folder = try RelativePath(longest)
        try f.mutator.makeDirectory(folder, in: f.source)
        let file = try f.file("file", in: f.source)
        let moved = try folder.appending(longest)
        try f.mutator.moveItem(file, to: moved, in: f.source)
        let entry = try requireEntry(f, moved, in: f.source)
        let copied = try RelativePath(longest)
        _ = try f.copier.copyFile(moved, in: f.source, expected: entry, to: copied, in: f.destination)
        try require(try f.names(in: .root, of: f.destination) == [longest], "the copy onto a 255-byte name is missing")
        if let streamer = f.copier as? any FileStreaming {
            try f.folder("streamed", in: f.destination)
            let target = try RelativePath("streamed").appending(longest)
            let staged = try streamer.stageWrite(to: target, in: f.destination, entry: entry) { write in
                try streamer.read(moved, in: f.source, expected: entry, into: write)
            }
            for result in f.copier.commit([staged], in: f.destination) { _ = try result.get() }
            try require(
                try f.names(in: try RelativePath("streamed"), of: f.destination) == [longest],
                "the streamed write onto a 255-byte name is missing")
        }
    }
}

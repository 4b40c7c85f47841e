import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let longNameCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a name over 255 bytes is io(ENAMETOOLONG) for every call, on the way too, and is never made",
            check: longNamesAreRefused)
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
        try require(try f.names(in: .root, of: f.source) == ["file"], "a call made something in the source")
        try require(try f.names(in: .root, of: f.destination).isEmpty, "a failed copy left something behind")
    }
}

import FileAccessorInterface
import Foundation

extension FileAccessorContract {
    /// Appending to a log: only at the size the caller expects, never through a link.
    static let appendCases: [FileAccessorContractCase] = [
        FileAccessorContractCase(
            name: "an append creates a missing file at size 0 and adds at the end after", check: appendGrows),
        FileAccessorContractCase(
            name: "an append expecting another size writes nothing and returns false", check: appendWrongSize),
        FileAccessorContractCase(
            name: "an append onto a symbolic link is refused and leaves its target alone", check: appendOntoLink),
        FileAccessorContractCase(
            name: "an append into a missing folder is fileNoSuchFile, onto a folder EISDIR", check: appendNowhere),
    ]

    static func appendGrows(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "log")
        try require(try f.accessor.append(Data("ab".utf8), to: url, ifSizeIs: 0), "the first append was refused")
        try require(try f.accessor.append(Data("cd".utf8), to: url, ifSizeIs: 2), "the second append was refused")
        try require(try f.accessor.read(from: url) == Data("abcd".utf8), "the appends did not add at the end")
    }

    static func appendWrongSize(_ f: FileAccessorContractFixture) throws {
        let url = f.root.appending(path: "log")
        try f.accessor.write(Data("abc".utf8), to: url)
        for size in [0, 2, 4] {
            try require(
                try !f.accessor.append(Data("x".utf8), to: url, ifSizeIs: size),
                "an append expecting \(size) bytes of a 3-byte file was done")
        }
        try require(try f.accessor.read(from: url) == Data("abc".utf8), "a refused append changed the file")
        let missing = f.root.appending(path: "missing")
        try require(
            try !f.accessor.append(Data("x".utf8), to: missing, ifSizeIs: 3), "an append to a missing file was done")
        try require(!f.accessor.fileExists(at: missing), "a refused append created the file")
    }

    static func appendOntoLink(_ f: FileAccessorContractFixture) throws {
        let target = f.root.appending(path: "target")
        let link = f.root.appending(path: "link")
        try f.accessor.write(Data("target".utf8), to: target)
        try f.symbolicLink(at: link, to: target.path(percentEncoded: false))
        try requireRefusal(.symbolicLink(path: link.path(percentEncoded: false)), "an append onto a link") {
            _ = try f.accessor.append(Data("x".utf8), to: link, ifSizeIs: 6)
        }
        try require(try f.accessor.read(from: target) == Data("target".utf8), "the append went through the link")
    }

    static func appendNowhere(_ f: FileAccessorContractFixture) throws {
        try requireFileError(ENOENT, during: .write, "an append into a missing folder") {
            _ = try f.accessor.append(Data("x".utf8), to: f.root.appending(path: "absent/log"), ifSizeIs: 0)
        }
        let folder = f.root.appending(path: "folder", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        try requireFileError(EISDIR, during: .write, "an append onto a folder") {
            _ = try f.accessor.append(Data("x".utf8), to: f.root.appending(path: "folder"), ifSizeIs: 0)
        }
    }
}

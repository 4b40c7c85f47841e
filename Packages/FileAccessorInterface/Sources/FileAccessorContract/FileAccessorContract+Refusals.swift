import FileAccessorInterface
import Foundation

extension FileAccessorContract {
    /// What is not a small regular file is refused: links are never followed, a size limit
    /// holds, and a path no file can have touches nothing.
    static let refusalCases: [FileAccessorContractCase] = [
        FileAccessorContractCase(
            name: "reading a symbolic link to a file is refused as a link, never followed", check: readLink),
        FileAccessorContractCase(
            name: "reading a dangling symbolic link is refused as a link, not as missing", check: readDanglingLink),
        FileAccessorContractCase(name: "exists is true for a symbolic link, even a dangling one", check: existsForLink),
        FileAccessorContractCase(
            name: "a write onto a symbolic link replaces the link and leaves its target alone", check: writeOntoLink),
        FileAccessorContractCase(
            name: "a file over the read limit is refused as too large; one at the limit reads", check: readLimit),
        FileAccessorContractCase(
            name: "a path with a NUL byte is refused by write, read and exists, and touches nothing", check: nulByte),
    ]

    static func readLink(_ f: FileAccessorContractFixture) throws {
        let target = f.root.appending(path: "target")
        let link = f.root.appending(path: "link")
        try f.accessor.write(Data("secret".utf8), to: target)
        try f.symbolicLink(at: link, to: target.path(percentEncoded: false))
        try requireRefusal(.symbolicLink(path: link.path(percentEncoded: false)), "read of a link to a file") {
            _ = try f.accessor.read(from: link)
        }
    }

    static func readDanglingLink(_ f: FileAccessorContractFixture) throws {
        let link = f.root.appending(path: "dangling")
        try f.symbolicLink(at: link, to: f.root.appending(path: "nowhere").path(percentEncoded: false))
        try requireRefusal(.symbolicLink(path: link.path(percentEncoded: false)), "read of a dangling link") {
            _ = try f.accessor.read(from: link)
        }
    }

    static func existsForLink(_ f: FileAccessorContractFixture) throws {
        let link = f.root.appending(path: "dangling")
        try f.symbolicLink(at: link, to: "/nonexistent/target")
        try require(f.accessor.fileExists(at: link), "a dangling link does not exist")
    }

    static func writeOntoLink(_ f: FileAccessorContractFixture) throws {
        let target = f.root.appending(path: "target")
        let link = f.root.appending(path: "link")
        try f.accessor.write(Data("target".utf8), to: target)
        try f.symbolicLink(at: link, to: target.path(percentEncoded: false))
        try f.accessor.write(Data("new".utf8), to: link)
        try require(try f.accessor.read(from: target) == Data("target".utf8), "the write went through the link")
        try require(try f.accessor.read(from: link) == Data("new".utf8), "the link was not replaced by the file")
    }

    static func readLimit(_ f: FileAccessorContractFixture) throws {
        guard let limit = f.readLimit else {
            throw ContractViolation(description: "the fixture does not say the accessor's read limit")
        }
        let atLimit = f.root.appending(path: "at-limit")
        let over = f.root.appending(path: "over-limit")
        try f.accessor.write(Data(repeating: 7, count: limit), to: atLimit)
        try f.accessor.write(Data(repeating: 7, count: limit + 1), to: over)
        try require(try f.accessor.read(from: atLimit).count == limit, "a file of exactly the limit did not read whole")
        let expected = FileAccessRefusal.tooLarge(
            path: over.path(percentEncoded: false), size: Int64(limit + 1), limit: limit)
        try requireRefusal(expected, "read of a file one byte over the limit") { _ = try f.accessor.read(from: over) }
    }

    static func nulByte(_ f: FileAccessorContractFixture) throws {
        let prefix = f.root.appending(path: "a")
        let named = f.root.appending(path: "a\u{0}b")
        try requireInvalidName(during: .write, "write to a name with a NUL byte") {
            try f.accessor.write(Data("x".utf8), to: named)
        }
        let left = try f.listDirectory(f.root)
        try require(left.isEmpty, "a refused write created \(left)")
        try f.accessor.write(Data("prefix".utf8), to: prefix)
        try requireInvalidName(during: .read, "read of a name with a NUL byte") { _ = try f.accessor.read(from: named) }
        try require(!f.accessor.fileExists(at: named), "a name with a NUL byte exists (its prefix was looked up)")
    }
}

extension FileAccessorContractFixture {
    /// Makes a link through ``makeSymbolicLink``, or fails the case when the fixture cannot.
    func symbolicLink(at url: URL, to target: String) throws {
        guard let makeSymbolicLink else {
            throw ContractViolation(description: "the fixture cannot make symbolic links")
        }
        try makeSymbolicLink(url, target)
    }
}

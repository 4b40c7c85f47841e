import FileAccessorInterface
import Foundation

extension FileAccessorContract {
    /// Paths are looked up as the kernel looks them up: `..` against the tree (not as text),
    /// links in the folders of a path followed, a trailing slash asking for a folder, and a name
    /// over 255 bytes refused (issue 18, items 1 to 4).
    static let pathCases: [FileAccessorContractCase] = [
        FileAccessorContractCase(
            name: "`..` after a file fails with ENOTDIR both ways and creates nothing", check: dotDotAfterFile),
        FileAccessorContractCase(
            name: "`..` after a missing folder fails with ENOENT and creates nothing", check: dotDotAfterMissing),
        FileAccessorContractCase(name: "`..` after a folder names the entry beside it", check: dotDotAfterFolder),
        FileAccessorContractCase(
            name: "`..` after a link to a folder climbs from the link's target, not from the link",
            check: dotDotAfterLink),
        FileAccessorContractCase(
            name: "a folder reached through a symbolic link is written into and read through", check: linkInPath),
        FileAccessorContractCase(
            name: "a name over 255 bytes is refused as an invalid name both ways; 255 bytes work", check: longName),
        FileAccessorContractCase(
            name: "a trailing slash asks for a folder: a write is EISDIR and creates nothing, a file does not "
                + "read or exist with one", check: trailingSlash),
    ]

    /// A URL for `relative` below the fixture's root, spelled exactly (no normalization).
    static func spelled(_ f: FileAccessorContractFixture, _ relative: String) -> URL {
        var root = f.root.path(percentEncoded: false)
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        return URL(filePath: root + "/" + relative)
    }

    static func dotDotAfterFile(_ f: FileAccessorContractFixture) throws {
        try f.accessor.write(Data("f".utf8), to: spelled(f, "f"))
        let odd = spelled(f, "f/../g")
        try requireFileError(ENOTDIR, during: .write, "write to f/../g with f a file") {
            try f.accessor.write(Data("g".utf8), to: odd)
        }
        try requireFileError(ENOTDIR, during: .read, "read of f/../g with f a file") {
            _ = try f.accessor.read(from: odd)
        }
        try require(!f.accessor.fileExists(at: odd), "f/../g exists with f a file")
        let left = try f.listDirectory(f.root)
        try require(left == ["f"], "a refused write left \(left)")
    }

    static func dotDotAfterMissing(_ f: FileAccessorContractFixture) throws {
        let odd = spelled(f, "missing/../g")
        try requireFileError(ENOENT, during: .write, "write to missing/../g") {
            try f.accessor.write(Data("g".utf8), to: odd)
        }
        try requireFileError(ENOENT, during: .read, "read of missing/../g") { _ = try f.accessor.read(from: odd) }
        try require(!f.accessor.fileExists(at: odd), "missing/../g exists")
        let left = try f.listDirectory(f.root)
        try require(left.isEmpty, "a refused write created \(left)")
    }

    static func dotDotAfterFolder(_ f: FileAccessorContractFixture) throws {
        try f.makeDirectory(spelled(f, "d"))
        try f.accessor.write(Data("g".utf8), to: spelled(f, "d/../g"))
        try require(try f.accessor.read(from: spelled(f, "g")) == Data("g".utf8), "d/../g was not written as g")
        try require(try f.accessor.read(from: spelled(f, "d/./../g")) == Data("g".utf8), "d/./../g does not read g")
        try require(f.accessor.fileExists(at: spelled(f, "d//../g")), "d//../g does not exist")
        let left = try f.listDirectory(f.root).sorted()
        try require(left == ["d", "g"], "expected d and g, got \(left)")
    }

    static func dotDotAfterLink(_ f: FileAccessorContractFixture) throws {
        try f.makeDirectory(spelled(f, "a"))
        try f.makeDirectory(spelled(f, "a/b"))
        try f.symbolicLink(at: spelled(f, "l"), to: "a/b")
        try f.accessor.write(Data("y".utf8), to: spelled(f, "l/../y"))
        try require(try f.accessor.read(from: spelled(f, "a/y")) == Data("y".utf8), "l/../y did not land in a/")
        try require(!f.accessor.fileExists(at: spelled(f, "y")), "l/../y was resolved as text")
    }

    static func linkInPath(_ f: FileAccessorContractFixture) throws {
        let real = spelled(f, "real")
        try f.makeDirectory(real)
        try f.symbolicLink(at: spelled(f, "absolute"), to: real.path(percentEncoded: false))
        try f.symbolicLink(at: spelled(f, "relative"), to: "real")
        try f.accessor.write(Data("one".utf8), to: spelled(f, "absolute/one"))
        try f.accessor.write(Data("two".utf8), to: spelled(f, "relative/two"))
        try require(try f.listDirectory(real).sorted() == ["one", "two"], "the writes did not land in the folder")
        try require(try f.accessor.read(from: spelled(f, "relative/one")) == Data("one".utf8), "read through a link")
        try require(f.accessor.fileExists(at: spelled(f, "absolute/two")), "a file behind a link does not exist")
        try f.symbolicLink(at: spelled(f, "dangling"), to: "nowhere")
        try requireFileError(ENOENT, during: .write, "write through a dangling link to a folder") {
            try f.accessor.write(Data("x".utf8), to: spelled(f, "dangling/x"))
        }
    }

    static func longName(_ f: FileAccessorContractFixture) throws {
        let fits = spelled(f, String(repeating: "n", count: 255))
        let over = spelled(f, String(repeating: "n", count: 256))
        try f.accessor.write(Data("ok".utf8), to: fits)
        try require(try f.accessor.read(from: fits) == Data("ok".utf8), "a 255-byte name does not read back")
        try requireFileError(ENAMETOOLONG, during: .write, "write to a 256-byte name") {
            try f.accessor.write(Data("x".utf8), to: over)
        }
        try requireFileError(ENAMETOOLONG, during: .read, "read of a 256-byte name") {
            _ = try f.accessor.read(from: over)
        }
        try require(!f.accessor.fileExists(at: over), "a 256-byte name exists")
        try requireFileError(ENAMETOOLONG, during: .write, "write below a 256-byte folder name") {
            try f.accessor.write(Data("x".utf8), to: spelled(f, String(repeating: "\u{E9}", count: 128) + "/x"))
        }
        try require(try f.listDirectory(f.root).count == 1, "a refused write created an entry")
    }

    static func trailingSlash(_ f: FileAccessorContractFixture) throws {
        try requireFileError(EISDIR, during: .write, "write to t/") {
            try f.accessor.write(Data("t".utf8), to: spelled(f, "t/"))
        }
        try require(try f.listDirectory(f.root).isEmpty, "a write to t/ created an entry")
        try f.accessor.write(Data("t".utf8), to: spelled(f, "t"))
        try requireFileError(EISDIR, during: .write, "write to t/ with t a file") {
            try f.accessor.write(Data("u".utf8), to: spelled(f, "t/"))
        }
        try requireFileError(ENOTDIR, during: .read, "read of t/ with t a file") {
            _ = try f.accessor.read(from: spelled(f, "t/"))
        }
        try require(!f.accessor.fileExists(at: spelled(f, "t/")), "t/ exists with t a file")
        try require(try f.accessor.read(from: spelled(f, "t")) == Data("t".utf8), "t changed")
        try f.makeDirectory(spelled(f, "d"))
        try require(f.accessor.fileExists(at: spelled(f, "d/")), "d/ does not exist with d a folder")
        try requireFileError(EISDIR, during: .read, "read of d/") { _ = try f.accessor.read(from: spelled(f, "d/")) }
        // found by Differential's accessor sequences (seed 443): the Mock looked the last
        // component up and said ELOOP where open(O_CREAT) says EISDIR without looking
        try f.symbolicLink(at: spelled(f, "loop"), to: "loop")
        try requireFileError(EISDIR, during: .write, "write to loop/ with loop a link to itself") {
            try f.accessor.write(Data("t".utf8), to: spelled(f, "loop/"))
        }
        try requireFileError(ENOENT, during: .write, "write to missing/t/") {
            try f.accessor.write(Data("t".utf8), to: spelled(f, "missing/t/"))
        }
    }
}

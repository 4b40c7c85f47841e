import Foundation
import InMemorySupport
import Testing

@Suite("PathKey", .tags(.small))
struct PathKeyTests {
    // MARK: Normalisation

    @Test(
        "`.`, `..`, double and trailing slashes normalise lexically",
        arguments: [
            ("/a//b", "/a/b"),
            ("//a///b//", "/a/b"),
            ("/a/./b", "/a/b"),
            ("/./.", "/"),
            ("/a/b/../c", "/a/c"),
            ("/a/b/..", "/a"),
            ("/a/b/../../..", "/"),
            ("/..", "/"),
            ("/../a", "/a"),
            ("/a/.../b", "/a/.../b"),
            ("/", "/"),
            ("", "/"),
        ])
    func normalisation(input: String, expected: String) {
        let normalised = PathKey(path: input)
        #expect(normalised.path == expected)
        #expect(normalised == PathKey(path: expected))
        #expect(normalised.hashValue == PathKey(path: expected).hashValue)
    }

    @Test("a URL's path is normalised the same way, percent escapes decoded")
    func fromURL() throws {
        #expect(PathKey(URL(filePath: "/a//b/./c/../d/")) == key("/a/b/d"))
        let escaped = try #require(URL(string: "file:///my%20docs/a.txt"))
        #expect(PathKey(escaped).components == [Array("my docs".utf8), Array("a.txt".utf8)])
    }

    @Test("the root has no components and is its own parent")
    func root() {
        #expect(PathKey.root.components.isEmpty)
        #expect(PathKey.root.parent == .root)
        #expect(PathKey.root.path == "/")
        #expect(PathKey.root.nameBytes.isEmpty)
        #expect(PathKey.root.name == "")
        #expect(key("/") == .root)
    }

    @Test("parent, name and appending take a path apart and back together")
    func parts() {
        let path = key("/docs/sub/b.txt")
        #expect(path.parent == key("/docs/sub"))
        #expect(path.name == "b.txt")
        #expect(path.nameBytes == Array("b.txt".utf8))
        #expect(path.parent.appending(path.nameBytes) == path)
        #expect(path.description == "/docs/sub/b.txt")
    }

    @Test("url round-trips through PathKey")
    func urlRoundTrip() {
        let path = key("/my docs/é.txt")
        #expect(path.url.isFileURL)
        #expect(PathKey(path.url) == path)
        #expect(path.url.path(percentEncoded: false) == "/my docs/é.txt")
    }

    // MARK: Byte keys

    @Test("NFC and NFD spellings are equal Strings but different keys")
    func nfcAndNFDDiffer() {
        let nfc = "/caf\u{E9}"  // é as one scalar: C3 A9
        let nfd = "/cafe\u{301}"  // e + combining acute: 65 CC 81
        #expect(nfc == nfd, "Swift compares Strings by canonical equivalence")
        #expect(key(nfc) != key(nfd))
        #expect(key(nfc).nameBytes == [0x63, 0x61, 0x66, 0xC3, 0xA9])
        #expect(key(nfd).nameBytes == [0x63, 0x61, 0x66, 0x65, 0xCC, 0x81])
        #expect(Set([key(nfc), key(nfd)]).count == 2)
    }

    @Test("NFC and NFD names are two files in a tree")
    func nfcAndNFDAreTwoFiles() throws {
        var tree = InMemoryTree()
        try tree.writeFile(bytes("composed"), at: key("/caf\u{E9}"))
        try tree.writeFile(bytes("decomposed"), at: key("/cafe\u{301}"))
        #expect(try tree.childNames(of: .root).count == 2)
        #expect(try tree.readFile(at: key("/caf\u{E9}")) == bytes("composed"))
        #expect(try tree.readFile(at: key("/cafe\u{301}")) == bytes("decomposed"))
    }

    @Test("names differing only in case are different keys")
    func caseSensitive() {
        #expect(key("/Readme") != key("/README"))
    }

    // MARK: isWithin

    @Test(
        "isWithin is true for the path itself and anything below it, by whole components",
        arguments: [
            ("/a/b", "/a", true),
            ("/a/b/c", "/a", true),
            ("/a", "/a", true),
            ("/a", "/", true),
            ("/", "/", true),
            ("/ab", "/a", false),
            ("/a", "/a/b", false),
            ("/b/a", "/a", false),
            ("/", "/a", false),
        ])
    func isWithin(path: String, folder: String, expected: Bool) {
        #expect(key(path).isWithin(key(folder)) == expected)
    }

    // MARK: Ordering

    @Test("ordering is component by component, so a folder's contents follow it directly")
    func orderingByComponent() {
        // As strings "/a-b" < "/a/b" because "-" (0x2D) < "/" (0x2F); by component "/a/b" comes first.
        #expect("/a-b" < "/a/b")
        #expect(key("/a/b") < key("/a-b"))
        let sorted = [key("/a-b"), key("/a/b"), key("/a"), key("/"), key("/a/b/c"), key("/a0")].sorted()
        #expect(sorted.map(\.path) == ["/", "/a", "/a/b", "/a/b/c", "/a-b", "/a0"])
    }

    @Test(
        "names order by their UTF-8 bytes",
        arguments: [
            ("/B", "/a"),  // 0x42 < 0x61
            ("/a", "/b"),
            ("/a", "/aa"),  // a prefix comes first
            ("/cafe\u{301}", "/caf\u{E9}"),  // 0x65 < 0xC3
            ("/z", "/\u{E9}"),  // ASCII before multi-byte
        ])
    func orderingByBytes(smaller: String, larger: String) {
        #expect(key(smaller) < key(larger))
        #expect(!(key(larger) < key(smaller)))
    }

    @Test("ordering is strict: no key is less than itself")
    func orderingIsStrict() {
        #expect(!(key("/a/b") < key("/a/b")))
        #expect(!(PathKey.root < .root))
    }
}

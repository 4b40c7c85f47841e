import FileTreeInterface
import Foundation
import Testing

@Suite("RelativePath", .tags(.small))
struct RelativePathTests {
    @Test(
        "unsafe components are refused",
        arguments: [
            [""], ["."], [".."], ["a/b"], ["a\u{0}b"], ["ok", ".."], ["ok", ""],
        ])
    func unsafeComponents(components: [String]) {
        #expect(throws: UnsafeNameError.self) { try RelativePath(components: components) }
    }

    @Test("unsafe texts are refused", arguments: ["", "/a", "a/", "a//b", "./a", "a/../b", "..", "a/\u{0}"])
    func unsafeTexts(text: String) {
        #expect(throws: UnsafeNameError.self) { try RelativePath(text) }
    }

    @Test("appending an unsafe name is refused and names the reason")
    func appendingUnsafe() throws {
        let base = try RelativePath("a")
        #expect(throws: UnsafeNameError(name: "..", reason: "a relative folder reference")) { try base.appending("..") }
        #expect(throws: UnsafeNameError.self) { try base.appending("b/c") }
        #expect(try base.appending("b").text == "a/b")
    }

    @Test("names are compared by bytes: NFC and NFD spellings are two paths")
    func byteWiseEquality() throws {
        let composed = try RelativePath("dir/caf\u{E9}")
        let decomposed = try RelativePath("dir/cafe\u{301}")
        #expect("caf\u{E9}" == "cafe\u{301}")  // what String does, and why RelativePath must not
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(composed == (try RelativePath(components: ["dir", "caf\u{E9}"])))
        #expect(!composed.isWithin(try RelativePath("dir/cafe\u{301}")))
    }

    @Test("ordering is by bytes per component, so a folder sorts right before its contents")
    func ordering() throws {
        let paths = try ["a.txt", "a/c", "b", "a b", "a", "a/b/z", "B", "a/b", "\u{E9}"].map { try RelativePath($0) }
        #expect(paths.sorted().map(\.text) == ["B", "a", "a/b", "a/b/z", "a/c", "a b", "a.txt", "b", "\u{E9}"])
        #expect(RelativePath.root < (try RelativePath("a")))
    }

    @Test("Codable round trip keeps every path, the root as an empty string")
    func codable() throws {
        let paths = [RelativePath.root, try RelativePath("a/b"), try RelativePath("cafe\u{301}/caf\u{E9}")]
        let data = try JSONEncoder().encode(paths)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"["",""#))
        let decoded = try JSONDecoder().decode([RelativePath].self, from: data)
        #expect(decoded == paths)
        #expect(decoded[2].components.map { Array($0.utf8) } == paths[2].components.map { Array($0.utf8) })
    }

    @Test("decoding an unsafe text fails")
    func decodingUnsafe() {
        #expect(throws: UnsafeNameError.self) {
            try JSONDecoder().decode(RelativePath.self, from: Data(#""../x""#.utf8))
        }
    }

    @Test("the root has no components, no name, and is its own parent")
    func root() throws {
        let root = RelativePath.root
        #expect(root.isRoot && root.components.isEmpty && root.name.isEmpty && root.text.isEmpty)
        #expect(root.parent == root)
        let path = try RelativePath("a/b/c")
        let a = try RelativePath("a")
        let ab = try RelativePath("a/b")
        let abc = try RelativePath("a/bc")
        #expect(path.name == "c" && path.parent == ab && path.parent.parent.parent == root)
        #expect(path.isWithin(root) && path.isWithin(ab) && path.isWithin(path))
        #expect(!path.isWithin(abc) && !a.isWithin(path))
    }

    @Test("a refused name says why: a slash before a NUL, whichever comes first in the name")
    func refusalReasons() {
        #expect(throws: UnsafeNameError(name: "a/b", reason: "a name containing /")) { try RelativePath.check("a/b") }
        #expect(throws: UnsafeNameError(name: "a\u{0}b", reason: "a name containing NUL")) {
            try RelativePath.check("a\u{0}b")
        }
        #expect(throws: UnsafeNameError(name: "\u{0}/", reason: "a name containing /")) {
            try RelativePath.check("\u{0}/")
        }
        #expect(throws: UnsafeNameError(name: "", reason: "an empty name")) { try RelativePath.check("") }
        #expect(throws: Never.self) { try RelativePath.check("é .txt") }
    }

    @Test("paths made apart are equal at every length, and differ when one byte does")
    func equalityAtEveryLength() throws {
        for length in 1...40 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let one = try RelativePath(text)
            let other = try RelativePath(String(decoding: Array(text.utf8), as: UTF8.self))
            #expect(one == other, "\(length)")
            for position in 0..<length {
                var bytes = Array(text.utf8)
                bytes[position] = UInt8(ascii: "Z")
                #expect(one != (try RelativePath(String(decoding: bytes, as: UTF8.self))), "\(length) \(position)")
            }
        }
    }

    @Test("ordering matches comparing component by component, for every pair of paths that share long beginnings")
    func orderingMatchesTheModel() throws {
        // Bytes on both sides of `/` (0x2F): dots, spaces, dashes, a control byte, DEL, UTF-8.
        let names = ["a", "b", "z", "ab", "a b", "a-b", "a.b", "..a", "-", "a\u{1}", "a\u{7F}", "\u{E9}", "\u{FF}"]
        var paths: [RelativePath] = [.root]
        for first in names {
            paths.append(try RelativePath(components: [first]))
            for second in names { paths.append(try RelativePath(components: [first, second])) }
        }
        // Paths that agree on their first 1 to 40 bytes and then differ, or end.
        let long = "abcdefgh/ijklmnop/qrstuvwx/yz012345/6789"
        for length in 1...long.utf8.count where long.utf8.prefix(length).last != UInt8(ascii: "/") {
            let stem = String(decoding: long.utf8.prefix(length), as: UTF8.self)
            for tail in ["", "a", "/a", " ", "-", "\u{1}", "\u{E9}", "/\u{1}"] {
                paths.append(try RelativePath(stem + tail))
            }
        }
        let keys = paths.map { path in path.components.map { Array($0.utf8) } }
        func modelPrecedes(_ x: Int, _ y: Int) -> Bool {
            for (left, right) in zip(keys[x], keys[y]) where left != right {
                return left.lexicographicallyPrecedes(right)
            }
            return keys[x].count < keys[y].count
        }
        var wrong: [String] = []
        for x in paths.indices {
            for y in paths.indices where (paths[x] < paths[y]) != modelPrecedes(x, y) {
                wrong.append("\(paths[x].text.debugDescription) < \(paths[y].text.debugDescription)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pairs out of order, first: \(wrong.prefix(5))")
    }
}

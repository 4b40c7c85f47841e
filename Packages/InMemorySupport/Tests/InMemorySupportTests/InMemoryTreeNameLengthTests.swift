import Foundation
import InMemorySupport
import Testing

/// Names over 255 bytes, which no Linux file system holds (found by the boundary corpus in
/// Differential/: the Mock made and found such names where the disk says ENAMETOOLONG).
@Suite("InMemoryTree refuses names over 255 bytes as the kernel does", .tags(.small))
struct InMemoryTreeNameLengthTests {
    /// 256 bytes: 128 two-byte characters.
    static let long = String(repeating: "\u{E9}", count: 128)
    /// 255 bytes: the longest name that fits.
    static let longest = String(repeating: "a", count: 253) + "\u{E9}"

    static let tooLong: [FailingCall] = [
        FailingCall("write a file with a 256-byte name", .ENAMETOOLONG) {
            try $0.writeFile(bytes("x"), at: key("/docs/" + long))
        },
        FailingCall("make a folder with a 256-byte name", .ENAMETOOLONG) { try $0.makeDirectory(at: key("/" + long)) },
        FailingCall("make folders through a 256-byte name", .ENAMETOOLONG) {
            try $0.makeDirectory(at: key("/" + long + "/x"), intermediate: true)
        },
        FailingCall("make a link with a 256-byte name", .ENAMETOOLONG) {
            try $0.makeSymbolicLink(at: key("/" + long), target: "x")
        },
        FailingCall("read below a 256-byte name", .ENAMETOOLONG) { _ = try $0.readFile(at: key("/" + long + "/x")) },
        FailingCall("remove a 256-byte name", .ENAMETOOLONG) { try $0.removeItem(at: key("/" + long)) },
        FailingCall("move onto a 256-byte name", .ENAMETOOLONG) {
            try $0.moveItem(from: key("/file.txt"), to: key("/" + long))
        },
    ]

    @Test("a name over 255 bytes is ENAMETOOLONG and changes nothing", arguments: tooLong)
    func refused(_ failing: FailingCall) throws {
        var tree = try InMemoryTree.sample()
        let before = tree.snapshot
        expectPOSIXError(failing.code) { try failing.call(&tree) }
        #expect(tree.snapshot == before, "a failed call changed the tree")
    }

    @Test("a name of exactly 255 bytes is an ordinary name")
    func longestFits() throws {
        var tree = try InMemoryTree.sample()
        try tree.makeDirectory(at: key("/" + Self.longest))
        try tree.writeFile(bytes("x"), at: key("/" + Self.longest + "/" + Self.longest))
        try tree.moveItem(from: key("/file.txt"), to: key("/docs/" + Self.longest))
        #expect(tree.entry(at: key("/" + Self.longest))?.isDirectory == true)
    }
}

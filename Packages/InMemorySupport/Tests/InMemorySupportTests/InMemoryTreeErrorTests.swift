import Foundation
import InMemorySupport
import Testing

/// One failing call on the sample tree and the POSIX error it must throw.
struct FailingCall: Sendable, CustomTestStringConvertible {
    let label: String
    let code: POSIXErrorCode
    let call: @Sendable (inout InMemoryTree) throws -> Void

    init(_ label: String, _ code: POSIXErrorCode, _ call: @escaping @Sendable (inout InMemoryTree) throws -> Void) {
        self.label = label
        self.code = code
        self.call = call
    }

    var testDescription: String { "\(label) → \(code)" }
}

@Suite("InMemoryTree POSIX errors", .tags(.small))
struct InMemoryTreeErrorTests {
    static let missingAncestor: [FailingCall] = [
        FailingCall("read below a missing folder", .ENOENT) { _ = try $0.readFile(at: key("/nope/x")) },
        FailingCall("read a missing file", .ENOENT) { _ = try $0.readFile(at: key("/docs/nope.txt")) },
        FailingCall("write below a missing folder", .ENOENT) { try $0.writeFile(bytes("x"), at: key("/nope/x")) },
        FailingCall("write two levels below a missing folder", .ENOENT) {
            try $0.writeFile(bytes("x"), at: key("/docs/nope/deeper/x"))
        },
        FailingCall("mkdir below a missing folder", .ENOENT) { try $0.makeDirectory(at: key("/nope/x")) },
        FailingCall("symlink below a missing folder", .ENOENT) {
            try $0.makeSymbolicLink(at: key("/nope/x"), target: "/docs")
        },
        FailingCall("list a missing folder", .ENOENT) { _ = try $0.childNames(of: key("/nope")) },
        FailingCall("remove a missing file", .ENOENT) { try $0.removeItem(at: key("/docs/nope.txt")) },
        FailingCall("remove below a missing folder", .ENOENT) { try $0.removeItem(at: key("/nope/x")) },
        FailingCall("move a missing source", .ENOENT) { try $0.moveItem(from: key("/nope"), to: key("/x")) },
        FailingCall("move into a missing folder", .ENOENT) {
            try $0.moveItem(from: key("/file.txt"), to: key("/nope/x"))
        },
        FailingCall("set the time of a missing file", .ENOENT) {
            try $0.setModificationTime(0, at: key("/nope"))
        },
    ]

    static let ancestorIsAFile: [FailingCall] = [
        FailingCall("read below a file", .ENOTDIR) { _ = try $0.readFile(at: key("/file.txt/x")) },
        FailingCall("write below a file", .ENOTDIR) { try $0.writeFile(bytes("x"), at: key("/file.txt/x")) },
        FailingCall("write two levels below a file", .ENOTDIR) {
            try $0.writeFile(bytes("x"), at: key("/docs/a.txt/y/z"))
        },
        FailingCall("mkdir below a file", .ENOTDIR) { try $0.makeDirectory(at: key("/file.txt/x")) },
        FailingCall("mkdir -p below a file", .ENOTDIR) {
            try $0.makeDirectory(at: key("/file.txt/x/y"), intermediate: true)
        },
        FailingCall("list a file", .ENOTDIR) { _ = try $0.childNames(of: key("/file.txt")) },
        FailingCall("list below a file", .ENOTDIR) { _ = try $0.childNames(of: key("/file.txt/x")) },
        FailingCall("remove below a file", .ENOTDIR) { try $0.removeItem(at: key("/file.txt/x")) },
        FailingCall("move from below a file", .ENOTDIR) { try $0.moveItem(from: key("/file.txt/x"), to: key("/y")) },
        FailingCall("move to below a file", .ENOTDIR) { try $0.moveItem(from: key("/docs"), to: key("/file.txt/x")) },
        FailingCall("move a folder onto a file", .ENOTDIR) {
            try $0.moveItem(from: key("/empty"), to: key("/file.txt"))
        },
    ]

    static let folderWhereAFileIsExpected: [FailingCall] = [
        FailingCall("read a folder", .EISDIR) { _ = try $0.readFile(at: key("/docs")) },
        FailingCall("read the root", .EISDIR) { _ = try $0.readFile(at: .root) },
        FailingCall("write onto a folder", .EISDIR) { try $0.writeFile(bytes("x"), at: key("/docs")) },
        FailingCall("write onto an empty folder", .EISDIR) { try $0.writeFile(bytes("x"), at: key("/empty")) },
        FailingCall("write onto the root", .EISDIR) { try $0.writeFile(bytes("x"), at: .root) },
        FailingCall("move a file onto a folder", .EISDIR) {
            try $0.moveItem(from: key("/file.txt"), to: key("/empty"))
        },
    ]

    static let somethingAlreadyThere: [FailingCall] = [
        FailingCall("mkdir an existing folder", .EEXIST) { try $0.makeDirectory(at: key("/docs")) },
        FailingCall("mkdir onto a file", .EEXIST) { try $0.makeDirectory(at: key("/file.txt")) },
        FailingCall("mkdir the root", .EEXIST) { try $0.makeDirectory(at: .root) },
        FailingCall("mkdir -p onto a file", .EEXIST) {
            try $0.makeDirectory(at: key("/docs/a.txt"), intermediate: true)
        },
        FailingCall("symlink onto a file", .EEXIST) { try $0.makeSymbolicLink(at: key("/file.txt"), target: "/x") },
    ]

    static let moveRules: [FailingCall] = [
        FailingCall("move a folder into itself", .EINVAL) {
            try $0.moveItem(from: key("/docs"), to: key("/docs/sub/docs"))
        },
        FailingCall("move a folder to a direct child of itself", .EINVAL) {
            try $0.moveItem(from: key("/docs"), to: key("/docs/inner"))
        },
        FailingCall("move the root", .EINVAL) { try $0.moveItem(from: .root, to: key("/elsewhere")) },
        FailingCall("move a folder onto a non-empty folder", .ENOTEMPTY) {
            try $0.moveItem(from: key("/empty"), to: key("/docs"))
        },
        FailingCall("move a folder onto its non-empty parent", .ENOTEMPTY) {
            try $0.moveItem(from: key("/docs/sub"), to: key("/docs"))
        },
        FailingCall("remove the root", .EBUSY) { try $0.removeItem(at: .root) },
    ]

    @Test("a missing ancestor or entry is ENOENT", arguments: missingAncestor)
    func enoent(_ failing: FailingCall) throws {
        try expectFailure(failing)
    }

    @Test("an ancestor that is a file, or a folder expected but a file found, is ENOTDIR", arguments: ancestorIsAFile)
    func enotdir(_ failing: FailingCall) throws {
        try expectFailure(failing)
    }

    @Test("a folder where a file is expected is EISDIR", arguments: folderWhereAFileIsExpected)
    func eisdir(_ failing: FailingCall) throws {
        try expectFailure(failing)
    }

    @Test("creating over an existing entry is EEXIST", arguments: somethingAlreadyThere)
    func eexist(_ failing: FailingCall) throws {
        try expectFailure(failing)
    }

    @Test("moves follow rename(2): EINVAL into itself, ENOTEMPTY onto a full folder", arguments: moveRules)
    func moveErrors(_ failing: FailingCall) throws {
        try expectFailure(failing)
    }

    @Test("a symbolic link is stored but never followed")
    func symbolicLinksAreNotFollowed() throws {
        var tree = try InMemoryTree.sample()
        try tree.makeSymbolicLink(at: key("/link"), target: "/docs")
        #expect(tree.entry(at: key("/link"))?.kind == .symbolicLink(target: "/docs"))
        #expect(tree.entry(at: key("/link"))?.data == nil)
        #expect(tree.entry(at: key("/link"))?.isDirectory == false)
        expectPOSIXError(.ELOOP) { _ = try tree.readFile(at: key("/link")) }
        expectPOSIXError(.ENOTDIR) { _ = try tree.childNames(of: key("/link")) }
        expectPOSIXError(.ENOTDIR) { _ = try tree.readFile(at: key("/link/a.txt")) }
    }

    /// Runs a failing call on the sample tree: it throws the expected code and changes nothing,
    /// not even the clock.
    private func expectFailure(_ failing: FailingCall, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var tree = try InMemoryTree.sample()
        let before = tree.snapshot
        expectPOSIXError(failing.code, sourceLocation: sourceLocation) { try failing.call(&tree) }
        #expect(tree.snapshot == before, "a failed call changed the tree", sourceLocation: sourceLocation)
    }
}

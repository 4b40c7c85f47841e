import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

@Suite("Symbolic links pointing outside the root on the real file system")
struct ConfinementTests {
    let folder: TemporaryFolder
    let root: URL
    let outside: URL
    let scanner = POSIXTreeScanner()
    let mutator = POSIXTreeMutator()
    let copier = POSIXFileCopier()

    /// ```
    /// root/file            "mine"
    /// root/absolute   ->   <outside>           (absolute)
    /// root/relative   ->   ../outside
    /// root/sub/deep   ->   ../../outside
    /// outside/secret       "secret"
    /// outside/dir/
    /// ```
    init() throws {
        folder = try TemporaryFolder()
        root = try folder.folder("root")
        outside = try folder.folder("outside")
        try AtomicFileWriter.write(Data("mine".utf8), to: root.appending(path: "file").path)
        try AtomicFileWriter.write(Data("secret".utf8), to: outside.appending(path: "secret").path)
        _ = try folder.folder("outside/dir")
        _ = try folder.folder("root/sub")
        let top = try FileDescriptor.directory(root.path)
        try SymbolicLink.create(named: "absolute", in: top, target: outside.path(percentEncoded: false))
        try SymbolicLink.create(named: "relative", in: top, target: "../outside")
        let sub = try FileDescriptor.folder(named: "sub", in: top)
        try SymbolicLink.create(named: "deep", in: sub, target: "../../outside")
    }

    /// The outside folder's names, the secret's bytes and status: what must never change.
    func outsideState() throws -> [String] {
        let secret = try FileStatus.of(outside.appending(path: "secret").path)
        return try DirectoryListing.names(in: outside.path).sorted()
            + DirectoryListing.names(in: outside.appending(path: "dir").path)
            + [String(decoding: FileContents.read(outside.appending(path: "secret").path), as: UTF8.self)]
            + ["\(secret.inode) \(secret.size) \(secret.modificationNanoseconds) \(secret.permissions)"]
    }

    func isRefused(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch TreeError.notAFolder, TreeError.unsafePath {
            return true
        } catch {
            return false
        }
    }

    @Test("the scan lists the links as links and nothing of what they point to")
    func scanNeverFollows() throws {
        let scan = try scanner.scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["absolute", "file", "relative", "sub", "sub/deep"])
        #expect(
            scan.entries.filter { $0.kind == .symbolicLink }.map(\.linkTarget) == [
                outside.path(percentEncoded: false), "../outside", "../../outside",
            ])
        #expect(!scan.entries.contains { $0.path.name == "secret" })
    }

    @Test(
        "every call through any of the links is refused and the outside folder is untouched",
        arguments: ["absolute", "relative", "sub/deep"])
    func callsAreRefused(link: String) throws {
        let before = try outsideState()
        let file = try RelativePath("file")
        let mine = try #require(try scanner.entry(at: file, in: root))
        let secret = try #require(try scanner.entry(at: try RelativePath("secret"), in: outside))
        let through = { (name: String) in try RelativePath("\(link)/\(name)") }
        #expect(isRefused { _ = try scanner.entry(at: through("secret"), in: root) })
        #expect(isRefused { try mutator.makeDirectory(through("planted"), in: root) })
        #expect(isRefused { try mutator.removeItem(through("secret"), in: root) })
        #expect(isRefused { try mutator.removeItem(through("dir"), in: root) })
        #expect(isRefused { try mutator.moveItem(through("secret"), to: try RelativePath("stolen"), in: root) })
        #expect(isRefused { try mutator.moveItem(file, to: through("planted"), in: root) })
        #expect(isRefused { _ = try copier.copyFile(file, in: root, expected: mine, to: through("copied"), in: root) })
        #expect(
            isRefused {
                _ = try copier.copyFile(
                    through("secret"), in: root, expected: secret, to: try RelativePath("stolen"), in: root)
            })
        #expect(isRefused { _ = try copier.digest(of: through("secret"), in: root) })
        #expect(try outsideState() == before)
        #expect(try DirectoryListing.names(in: root.path).sorted() == ["absolute", "file", "relative", "sub"])
    }

    @Test("removing or moving a link changes only the link")
    func linkItself() throws {
        let before = try outsideState()
        try mutator.moveItem(try RelativePath("absolute"), to: try RelativePath("sub/moved"), in: root)
        try mutator.removeItem(try RelativePath("sub/moved"), in: root)
        try mutator.removeItem(try RelativePath("relative"), in: root)
        #expect(try outsideState() == before)
        #expect(try DirectoryListing.names(in: root.path).sorted() == ["file", "sub"])
    }

    @Test("copying or digesting a link is refused; its target is never read")
    func linkAsSource() throws {
        let link = try RelativePath("absolute")
        let entry = try #require(try scanner.entry(at: link, in: root))
        #expect(throws: TreeError.sourceChanged(link)) {
            try copier.copyFile(link, in: root, expected: entry, to: try RelativePath("copy"), in: root)
        }
        #expect(throws: TreeError.self) { try copier.digest(of: link, in: root) }
        #expect(try DirectoryListing.names(in: root.path).sorted() == ["absolute", "file", "relative", "sub"])
    }
}

import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("A root swapped while a sync runs: every call keeps to the folder it first opened")
struct RootSwapTests {
    let folder: TemporaryFolder
    let local: URL
    let pair: URL
    let outside: URL
    let roots = RootDescriptors()

    /// ```
    /// local/a.txt    "local data"
    /// pair/          (the container's pair folder)
    /// outside/       (somebody else's folder)
    /// ```
    init() throws {
        folder = try TemporaryFolder()
        local = try folder.folder("local")
        pair = try folder.folder("pair")
        outside = try folder.folder("outside")
        try AtomicFileWriter.write(Data("local data".utf8), to: local.appending(path: "a.txt").path)
    }

    /// Moves the pair folder away to `pair-moved` and puts a link to `outside` at its path.
    func swapPairForLink() throws {
        let parent = try FileDescriptor.directory(folder.url.path(percentEncoded: false))
        try FolderEntry.renameWithoutReplacing("pair", in: parent, to: "pair-moved", in: parent)
        try SymbolicLink.create(named: "pair", in: parent, target: outside.path(percentEncoded: false))
    }

    @Test("after a swap for a link, staged copies, commits and new folders land in the folder first opened")
    func swappedForLink() throws {
        let scanner = POSIXTreeScanner(roots: roots)
        let mutator = POSIXTreeMutator(syncingEachChange: false, roots: roots)
        let copier = POSIXFileCopier(roots: roots)
        #expect(try scanner.scan(root: pair) { _, _ in false }.entries.isEmpty)  // the sync opens the pair folder

        try swapPairForLink()

        let a = try RelativePath("a.txt")
        let expected = try #require(try scanner.entry(at: a, in: local))
        let staged = try copier.stageCopy(a, in: local, expected: expected, to: a, in: pair)
        #expect(try DirectoryListing.names(in: outside.path).isEmpty, "a staged copy went through the link")
        let results = copier.commit([staged], in: pair)
        #expect(results.count == 1 && (try? results[0].get()) != nil)
        try mutator.makeDirectory(try RelativePath("made"), in: pair)
        try mutator.setPermissions(0o700, of: try RelativePath("made"), in: pair)
        try mutator.flush(pair)

        #expect(try DirectoryListing.names(in: outside.path).isEmpty, "something was written through the link")
        let moved = folder.url.appending(path: "pair-moved")
        #expect(try DirectoryListing.names(in: moved.path).sorted() == ["a.txt", "made"])
        #expect(try FileContents.read(moved.appending(path: "a.txt").path) == Data("local data".utf8))
        #expect(try scanner.scan(root: pair) { _, _ in false }.entries.map(\.path.text) == ["a.txt", "made"])
    }

    @Test("after a swap for another folder, changes still land in the folder first opened")
    func swappedForFolder() throws {
        let mutator = POSIXTreeMutator(roots: roots)
        try mutator.makeDirectory(try RelativePath("first"), in: pair)
        let parent = try FileDescriptor.directory(folder.url.path(percentEncoded: false))
        try FolderEntry.renameWithoutReplacing("pair", in: parent, to: "pair-moved", in: parent)
        try FolderEntry.makeFolder(named: "pair", in: parent)

        try mutator.makeDirectory(try RelativePath("second"), in: pair)
        #expect(try DirectoryListing.names(in: pair.path).isEmpty, "a change went to the folder put in its place")
        #expect(
            try DirectoryListing.names(in: folder.url.appending(path: "pair-moved").path).sorted() == [
                "first", "second",
            ])
    }

    @Test("a fresh set refuses the swapped root: it is a symbolic link")
    func freshSetRefusesLink() throws {
        _ = try POSIXTreeScanner(roots: roots).scan(root: pair) { _, _ in false }
        try swapPairForLink()
        #expect(throws: TreeError.rootUnavailable(pair.path(percentEncoded: false), reason: .symbolicLink)) {
            try POSIXTreeScanner().scan(root: pair) { _, _ in false }
        }
    }

    @Test("only successful opens are kept: a root made after a failed call is found, and one removed is opened again")
    func onlySuccessfulOpensAreKept() throws {
        let scanner = POSIXTreeScanner(roots: roots)
        let later = folder.url.appending(path: "later", directoryHint: .isDirectory)
        #expect(throws: TreeError.self) { try scanner.scan(root: later) { _, _ in false } }
        #expect(roots.count == 0)
        _ = try folder.folder("later")
        #expect(try scanner.scan(root: later) { _, _ in false }.entries.isEmpty)
        #expect(roots.count == 1)

        try FileManager.default.removeItem(at: later)
        #expect(throws: TreeError.self) { try scanner.scan(root: later) { _, _ in false } }
        _ = try folder.folder("later")
        try AtomicFileWriter.write(Data("x".utf8), to: later.appending(path: "x").path)
        #expect(try scanner.scan(root: later) { _, _ in false }.entries.map(\.path.text) == ["x"])
    }

    @Test("listing a kept root again and again sees every entry each time")
    func listingsDoNotShareAPosition() throws {
        for index in 0..<50 {
            try AtomicFileWriter.write(Data("\(index)".utf8), to: pair.appending(path: "f\(index)").path)
        }
        let scanner = POSIXTreeScanner(roots: roots)
        let first = try scanner.scan(root: pair) { _, _ in false }.entries.count
        let counts = try (0..<8).map { _ in try scanner.scan(root: pair) { _, _ in false }.entries.count }
        #expect(first == 50 && counts.allSatisfy { $0 == 50 })
    }
}

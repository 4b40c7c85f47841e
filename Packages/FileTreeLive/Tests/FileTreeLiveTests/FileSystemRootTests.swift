import FileTreeInterface
import FileTreeLive
import Foundation
import Testing

/// The file system's root is a root like any other: "/" keeps its one slash when a root's path
/// is tidied (dropping every trailing slash would leave an empty path, which opens nothing).
@Suite("The file system root as a tree root")
struct FileSystemRootTests {
    @Test("an entry below / is looked up through a root opened at /")
    func slashIsARoot() throws {
        let entry = try POSIXTreeScanner().entry(at: try RelativePath("tmp"), in: URL(filePath: "/"))
        #expect(entry?.kind == .directory)
    }
}

/// A root whose path has a space and a percent sign is opened at that path.
@Suite("A root at a path with a space and a percent sign")
struct OddRootPathTests {
    @Test("entries below it are found")
    func oddRoot() throws {
        let folder = try TemporaryFolder()
        let root = try folder.folder("my root 100%")
        try Data("x".utf8).write(to: root.appending(path: "f.txt"))
        let entry = try POSIXTreeScanner().entry(at: try RelativePath("f.txt"), in: root)
        #expect(entry?.kind == .file && entry?.size == 1)
    }
}

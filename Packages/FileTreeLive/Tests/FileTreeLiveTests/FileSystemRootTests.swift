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
